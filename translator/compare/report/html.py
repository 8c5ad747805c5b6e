"""A comparison (translator/compare/comparison.py `Comparison`) as one self-contained HTML
page: the summary, the lint grouped by pattern, and at each level's first divergence the game
and the model drawn side by side (by translator/render/still.py).

It is one of the comparison's two renderings; markdown.py is the other, and stays
the complete text: the page embeds it, folded, under the pictures.
"""

from __future__ import annotations

from html import escape

from strips_model.level import Level
from translator.compare.comparison import Comparison, LevelComparison
from translator.compare.lint.findings import KINDS
from translator.compare.lint.grouping import FindingGroup
from translator.compare.models.observation import Observation
from translator.compare.report.summary_text import summary_lines
from translator.compare.runs.divergence import Divergence
from translator.render.still import Seen, still_svg
from translator.render.svg import sprite_defs

STYLE = """
:root { color-scheme: dark; }
pre.diff .added { color: #8fdc8f; } pre.diff .removed { color: #f08c8c; }
body { margin: 0; background: #17151f; color: #e8e6f0;
  font: 15px/1.45 "DejaVu Sans", Verdana, Arial, sans-serif; }
main { max-width: 1100px; margin: 0 auto; padding: 18px; }
h1 { font-size: 21px; } h2 { font-size: 18px; margin-top: 28px; } h3 { font-size: 16px; }
code, pre { font-family: "DejaVu Sans Mono", monospace; font-size: 13px; }
pre { white-space: pre-wrap; background: #221f2d; padding: 10px; border-radius: 6px; }
.pictures { display: flex; gap: 14px; flex-wrap: wrap; align-items: flex-start; }
figure { margin: 0; background: #221f2d; padding: 8px; border-radius: 6px; }
figcaption { color: #a9a5b8; font-size: 13px; max-width: 320px; }
.severity { color: #ffd54f; } .told { color: #a9a5b8; }
table { border-collapse: collapse; font-size: 13px; }
td, th { border: 1px solid #3a3648; padding: 2px 6px; text-align: left; }
details { margin: 6px 0 12px; } summary { cursor: pointer; color: #a9a5b8; }
.defs { position: absolute; width: 0; height: 0; overflow: hidden; }
"""


def _seen(observation: Observation) -> Seen:
    return Seen(observation.hero, observation.boulders, observation.skeletons,
                not observation.key_taken, not observation.lock_open,
                observation.raised_traps)


def _figure(level: Level, observation: Observation | None, title: str, caption: str) -> str:
    if observation is None:
        return ""
    picture = still_svg(level, _seen(observation), title, with_defs=False)
    return f"<figure>{picture}<figcaption>{escape(caption)}</figcaption></figure>"


def divergence_html(level: Level, plan: str, divergence: Divergence) -> str:
    where = (f"before letter {divergence.letter} '{divergence.direction}'"
             if divergence.direction else f"after letter {divergence.letter - 1}")
    figures = [
        _figure(level, divergence.seen, where, "both sides agree up to here"),
        _figure(level, divergence.game_after, "the game", f"the game {divergence.game}"),
        _figure(level, divergence.model_after, "the model", f"the model {divergence.model}"),
    ]
    return (f"<h3>{escape(plan)}: first divergence {escape(where)}</h3>"
            f'<div class="pictures">{"".join(figures)}</div>'
            f'<p class="told">{escape(str(divergence))}</p>')


def _group_html(group: FindingGroup) -> str:
    rows = "".join(
        f"<tr><td>{f.position.line if f.position else '-'}</td><td>{escape(f.schema or '-')}"
        f"</td><td><code>{escape(f.literal)}</code></td><td>{escape(f.message)}</td></tr>"
        for f in group.findings)
    names = f" in {len(group.schemas)} schema(s) ({escape(group.schema_list())})" \
        if group.schemas else ""
    return (f"<li><b>{len(group.findings)} finding(s){names}</b>: {escape(group.pattern)}"
            f"<details><summary>the findings</summary><table><tr><th>line</th><th>schema</th>"
            f"<th>literal</th><th>finding</th></tr>{rows}</table></details></li>")


def _lint_html(groups: tuple[FindingGroup, ...]) -> str:
    if not groups:
        return "<p>No finding.</p>"
    parts = []
    for kind in dict.fromkeys(group.kind for group in groups):
        mine = [group for group in groups if group.kind == kind]
        parts.append(f'<h3>{escape(kind)} <span class="severity">({mine[0].severity})</span>: '
                     f"{escape(KINDS.get(kind, kind))}</h3>"
                     f"<ul>{''.join(_group_html(group) for group in mine)}</ul>")
    return "".join(parts)


def _level_html(level: Level, compared: LevelComparison) -> str:
    head = f"<h2>{escape(compared.name)}</h2>" + (
        f"<p>Goal of the compared model: {escape(compared.goal)}.</p>" if compared.goal else "")
    if not compared.found:
        return head + "<p>No divergence: the compared model follows the game on both plans.</p>"
    return head + "".join(divergence_html(level, plan, found) for plan, found in compared.found)


def render_html(comparison: Comparison, levels: list[Level], markdown: str,
                fixes: str = "") -> str:
    """The whole comparison as one page; `levels` in the order they were compared (the order
    of `comparison.levels`), `markdown` its markdown rendering, embedded as it is; `fixes`
    the suggested fixes as HTML (report/repair_section.py), when they were searched."""
    title = f"Comparing models: {comparison.report.source} and {comparison.ours.source}"
    summary = "".join(f"<li>{escape(line.removeprefix('- '))}</li>"
                      for line in summary_lines(comparison) if line.startswith("- "))
    body = "".join(_level_html(level, compared)
                   for level, compared in zip(levels, comparison.levels, strict=True))
    return (
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        f"<title>{escape(title)}</title><style>{STYLE}</style></head><body><main>"
        # The sprites once for every picture of the page (each picture only places them).
        f'<svg class="defs" aria-hidden="true">{sprite_defs()}</svg>'
        f"<h1>{escape(title)}</h1><h2>Summary</h2><ul>{summary}</ul>"
        f"<h2>Lint</h2>{_lint_html(comparison.lint_groups)}"
        f"<h2>First divergences</h2>{body}{fixes}"
        "<h2>The full report</h2><details><summary>markdown</summary>"
        f"<pre>{escape(markdown)}</pre></details></main></body></html>\n")
