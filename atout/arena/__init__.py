"""Duplicate arena: robots measured against each other on the same cards."""
