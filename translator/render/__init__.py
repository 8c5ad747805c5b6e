"""Pictures of a replayed plan: frames, terminal text, SVG, PNG/GIF and an HTML replay page."""
