"""Helltaker rules: level grammar, simulator, STRIPS schema notation."""
