"""The one error the build raises: it always names a file (and a line when it knows it)."""


class BuildError(Exception):
    """A problem in the site's sources; the message starts with `path:line:`."""


def located(path, line, message):
    """Format `path:line: message` (line may be None)."""
    where = f"{path}:{line}" if line else f"{path}"
    return BuildError(f"{where}: {message}")
