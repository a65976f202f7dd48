"""The version, in one place: the wheel's metadata reads it (pyproject.toml's
``[tool.setuptools.dynamic]``) and ``campaign-app --version`` prints it."""

__version__ = "0.1.0"
