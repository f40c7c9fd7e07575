"""Printed documents, one module each: what the document says as plain data, and how it
is printed.

``sheet`` (the rule sheet or booklet), ``quickcard`` (the dealer's one-page card),
``compare`` (rulebooks side by side), ``report`` (a hand's incident report) and
``session`` (a table's session report) build their documents; ``inforce`` loads the
rulebook a document is printed under; ``cards``, ``events`` and ``wording`` are what
several of them print (cards and rankings, events in a floor person's words, dates,
editions, options); ``render`` turns any of them into HTML and PDF.
"""
