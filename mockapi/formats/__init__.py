"""Shared formats: leaf modules that every layer (wire, world, importers, store, web) may import, and that
import nothing of the server."""
