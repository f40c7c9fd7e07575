"""The server's handlers, one module per area, each handler a plain function of the
request and its caller (:mod:`floorman.server.endpoints`):

- :mod:`.api`: the JSON API for reading (tables, hands, history, ask, drills) and its
  OpenAPI document;
- :mod:`.station`: recording events, by the station page or the API's post;
- :mod:`.floor`: the floor's pages (dashboard, a table's hand and past hands, ask,
  rules, drills);
- :mod:`.printed`: the PDFs (incident reports, rule cards and sheets);
- :mod:`.live`: the live updates the pages listen to;
- :mod:`.signin`: signing in and out;
- :mod:`.lookups`: what several of them look up for their caller.
"""
