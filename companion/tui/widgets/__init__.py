"""Small Textual widgets shared by the screens."""
