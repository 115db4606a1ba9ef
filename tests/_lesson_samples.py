"""A small well-formed lesson the lesson tests start from (and break in one place each)."""

GOOD = """---
title: A small lesson
minutes: 5
order: 1
setup:
  preset: classic-ring-n4
  tab: Schedules
---
Prose with $x_{i,k}$.

:::{predict} cell
---
ask: number
show: {schedule_cell: {schedule: ring, step: 3, core: 3, chunk: 0}}
answer: 30
wrong: [12]
reveal: [{set_schedule_step: 3}]
---
What does core 3 hold?
:::

:::{task} typed
:input: number
:expect: {target: {col: 1}}
:solution: 29
:wrong: [30]
Type the second entry of the target.
:::

:::{notes}
Say it slowly.
:::
"""
