r"""Lesson prose for the screen: Markdown to HTML with every ``$…$`` / ``$$…$$`` formula typeset
by a callback (:func:`prose_to_html`), and a Unicode reading of a formula for plain text.

:func:`prose_to_html` reads the text with markdown-it (the reader the lessons are parsed with,
its ``dollarmath`` plugin finding the formulas) and asks ``formula(tex, display)`` for the HTML
of each formula: the app's callback (:mod:`ringlab.gui.rich_text`) gives an ``<img>`` of the
formula typeset by matplotlib's mathtext.  This module imports neither Qt nor matplotlib.

:func:`math_to_text` is a reading aid for where no image can go (a plain-text export, a formula
mathtext cannot read): Greek letters, arrows, sub- and superscripts, ``\frac``, ``\lceil``,
matrices become Unicode; anything else keeps its TeX spelling.  :func:`prose_to_markdown` is
the older Markdown-with-Unicode rendering, kept for plain-text use, no longer what a student
reads in the app.

>>> prose_to_html(r"The sum $\sum_j x_j$ costs *two* $2S$.", lambda tex, display: f"[{tex}]")
'<p>The sum [\\sum_j x_j] costs <em>two</em> [2S].</p>\n'
>>> prose_to_html("✓ Right: $x$", lambda tex, display: "<i>x</i>", inline=True)
'✓ Right: <i>x</i>'
>>> math_to_text(r"R_i (I - \Lambda_{i',N})^{-1} = I_K")
'Rᵢ (I − Λ_{i′,N})⁻¹ = I_K'
>>> prose_to_markdown(r"The sum $\sum_j x_j$ costs $2S$.")
'The sum *Σⱼ xⱼ* costs *2S*.'
"""

from __future__ import annotations

import re
from functools import lru_cache
from html import escape

_COMMANDS = {
    r"\Lambda": "Λ",
    r"\lambda": "λ",
    r"\alpha": "α",
    r"\beta": "β",
    r"\tau": "τ",
    r"\sum": "Σ",
    r"\oplus": "⊕",
    r"\leftarrow": "←",
    r"\rightarrow": "→",
    r"\to": "→",
    r"\cdot": "·",
    r"\times": "×",
    r"\le": "≤",
    r"\leq": "≤",
    r"\ge": "≥",
    r"\geq": "≥",
    r"\ne": "≠",
    r"\neq": "≠",
    r"\approx": "≈",
    r"\in": "∈",
    r"\lceil": "⌈",
    r"\rceil": "⌉",
    r"\lfloor": "⌊",
    r"\rfloor": "⌋",
    r"\infty": "∞",
    r"\ldots": "…",
    r"\dots": "…",
    r"\bmod": "mod",
    r"\mod": "mod",
    r"\log": "log",
    r"\max": "max",
    r"\min": "min",
    r"\mathbb{F}": "F",
    r"\hat z": "ẑ",
    r"\hat{z}": "ẑ",
    r"\,": " ",
    r"\;": " ",
    r"\quad": "  ",
    r"\left": "",
    r"\right": "",
    r"\{": "{",
    r"\}": "}",
}
_SUB = str.maketrans("0123456789+-=()aehijklmnoprstuvx", "₀₁₂₃₄₅₆₇₈₉₊₋₌₍₎ₐₑₕᵢⱼₖₗₘₙₒₚᵣₛₜᵤᵥₓ")
_SUP = str.maketrans("0123456789+-=()inTtkjNK", "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾ⁱⁿᵀᵗᵏʲᴺᴷ")


def _script(body: str, table, mark: str) -> str:
    """A sub/superscript in Unicode when every character has one, else ``_{…}``/``^{…}``."""
    body = body.replace("−", "-")
    out = body.translate(table)
    if all(c != o or c in " " for c, o in zip(body, out)) and body:
        return out
    return f"{mark}{{{body.replace('-', '−')}}}" if len(body) > 1 else f"{mark}{body}"


def math_to_text(tex: str) -> str:
    s = tex.strip()
    s = re.sub(
        r"\\begin\{[bp]matrix\}(.*?)\\end\{[bp]matrix\}",
        lambda m: (
            "["
            + "; ".join(
                " ".join(c.strip() for c in row.split("&")) for row in m.group(1).split(r"\\")
            )
            + "]"
        ),
        s,
        flags=re.S,
    )
    s = re.sub(r"\\frac\{([^{}]*)\}\{([^{}]*)\}", r"(\1)/(\2)", s)
    s = re.sub(r"\\(?:text|mathrm|operatorname|mathit|mathbf)\{([^{}]*)\}", r"\1", s)
    for cmd in sorted(_COMMANDS, key=len, reverse=True):
        s = re.sub(re.escape(cmd) + r"(?![A-Za-z])", _COMMANDS[cmd], s)
    s = s.replace("'", "′").replace("-", "−")
    s = re.sub(r"_\{([^{}]*)\}", lambda m: _script(m.group(1), _SUB, "_"), s)
    s = re.sub(r"_(\w)", lambda m: _script(m.group(1), _SUB, "_"), s)
    s = re.sub(r"\^\{([^{}]*)\}", lambda m: _script(m.group(1), _SUP, "^"), s)
    s = re.sub(r"\^(\w)", lambda m: _script(m.group(1), _SUP, "^"), s)
    return re.sub(r"\s+", " ", s).strip()


def prose_to_markdown(text: str) -> str:
    """Markdown with every ``$…$`` / ``$$…$$`` formula replaced by its Unicode reading
    (inline formulas in italics, display formulas on a line of their own)."""
    text = re.sub(
        r"\$\$(.+?)\$\$", lambda m: "\n\n    " + math_to_text(m.group(1)) + "\n\n", text, flags=re.S
    )
    return re.sub(r"(?<!\\)\$([^$\n]+?)\$", lambda m: "*" + math_to_text(m.group(1)) + "*", text)


def formula_as_text(tex: str, display: bool = False, level: int = 0) -> str:
    """The default ``formula`` of :func:`prose_to_html`: the formula's Unicode reading, in
    italics (on a centred line of its own when it is a display formula)."""
    html = f"<i>{escape(math_to_text(tex), quote=False)}</i>"
    return f'<p align="center">{html}</p>\n' if display else html


@lru_cache(maxsize=2)
def _reader(inline: bool):
    from markdown_it import MarkdownIt
    from mdit_py_plugins.dollarmath import dollarmath_plugin

    # commonmark + tables (lesson 6 has one); raw HTML stays allowed, as in the lesson files
    # (the glossary's <a id=…> anchors); $$…$$ inside a sentence is a display formula too
    md = MarkdownIt("commonmark").enable("table").use(dollarmath_plugin, double_inline=inline)

    def math(display: bool, block: bool):
        def rule(self, tokens, idx, options, env):
            tok = tokens[idx]
            out = env["formula"](tok.content, display, *([env["level"]] if env["level"] else []))
            if block and not out.lstrip().startswith("<p"):
                out = f'<p align="center">{out}</p>\n'
            return out

        return rule

    for name, display, block in (
        ("math_inline", False, False),
        ("math_inline_double", True, False),
        ("math_block", True, True),
        ("math_block_label", True, True),
    ):
        md.add_render_rule(name, math(display, block))

    def heading_open(self, tokens, idx, options, env):
        env["level"] = int(tokens[idx].tag[1:])
        return self.renderToken(tokens, idx, options, env)

    def heading_close(self, tokens, idx, options, env):
        env["level"] = 0
        return self.renderToken(tokens, idx, options, env)

    md.add_render_rule("heading_open", heading_open)
    md.add_render_rule("heading_close", heading_close)
    return md


def prose_to_html(text: str, formula=formula_as_text, *, inline: bool = False) -> str:
    """Lesson Markdown as HTML, each formula replaced by ``formula(tex, display)``'s HTML
    (``tex`` without its dollars; ``display`` for ``$$…$$``).  Inside a heading the call is
    ``formula(tex, display, level)`` (1 for ``#``), so an image can match the heading's size.

    ``inline``: the text is one run of a sentence (a status line): no paragraph around it, so
    the HTML starts with the text's first character (a status's ✓ or ✗)."""
    md = _reader(bool(inline))
    env = {"formula": formula, "level": 0}
    if inline:
        return md.renderer.render(md.parseInline(text, env), md.options, env)
    return md.render(text, env)
