"""Every SQL statement the use-cases need, as plain functions over a session: the
use-cases call these and never build a statement themselves. One module per subject."""
