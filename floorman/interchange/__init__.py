"""Hands in and out of floorman: hand files (YAML or JSON), PHH hand histories, and the
audit that replays a folder of them."""
