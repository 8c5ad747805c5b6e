"""A class: many models checked with one set of levels, one table.

Entry: `grade_model` in class_grading.py (one model of the class, in a worker); table.py
writes the class table and the summary page.
"""
