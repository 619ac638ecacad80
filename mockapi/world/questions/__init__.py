"""Question generation: CRAG's mix of types, domains and dynamism over KG facts and invented web facts."""
