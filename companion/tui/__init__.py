"""The referee assistant (Textual).

Only :mod:`companion.tui.app` imports Textual; the helpers beside it (``settings``, ``recent``,
``bidi``) are plain Python so that they can be tested without starting the app.
"""
