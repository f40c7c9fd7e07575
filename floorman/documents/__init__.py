"""Printed documents: what each says (rule sheets, the quick-reference card, incident
reports, comparisons) as plain data, and the Jinja2 and WeasyPrint rendering to PDF."""
