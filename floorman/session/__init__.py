"""A table's hands one after another: where the button and the blinds go from one hand
to the next."""
