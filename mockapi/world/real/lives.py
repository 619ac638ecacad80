"""How long people live in the world: one constant every stage reads (a leaf: it imports nothing of the
world, so questions, pages and domains may all read it without a circle; g26's lost draft made
questions -> pages.lifespan one)."""

from __future__ import annotations

# Nobody born before this year is alive in the question period (2024): a KG person born earlier has a death
# in the KG or is given one on pages (`pages.lifespan.ended`), and no question asks such a person's age.
OLDEST_LIVING = 1926
