"""Several worker processes, on one or more machines, sharing one lobby through Redis (docs/deploy.md).

``keys`` names every Redis key and channel (it imports nothing: the store
uses it too); ``lease`` gives each table one owner with a fencing epoch.
"""
