"""Data shipped inside the package, read with ``importlib.resources.files("ringlab.data")``.

The preset code files (``*.ringlab.json``, the same codes :func:`ringlab.preset` builds, saved
for opening in the app), the rate explorer's table (``rate_table.json``, made by
``scripts/make_rate_table.py``) and the routing code the search found
(``routing-n3-k5-t7.ringlab.json``).  Living inside the package is what makes a non-editable
``pip install`` (a wheel) carry them.
"""
