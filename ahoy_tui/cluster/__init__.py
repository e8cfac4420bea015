"""Several worker processes sharing one lobby through Redis (docs/lobby-api.md, "The cluster lobby")."""
