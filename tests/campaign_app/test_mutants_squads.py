"""Tests that kill mutants of the squads group that survived the mutation run (tools/mutation)."""
