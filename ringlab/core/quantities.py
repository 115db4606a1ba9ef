"""Quantities a user types, and their defaults.

The α-β cost model's defaults are the tree all-reduce example's: 1 µs per step, 190 GB/s links,
a 1 MB message. The Schedules tab, ``ringlab compare``, present mode and the state start from
these.
"""

DEFAULT_ALPHA = "1us"
DEFAULT_BANDWIDTH = "190GB/s"
DEFAULT_SIZE = "1MB"
