"""The static site build: content, templates and catalogs in, `_site/` out."""
