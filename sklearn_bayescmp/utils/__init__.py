"""Internal helpers: input validation shared by the comparator and the back ends."""
