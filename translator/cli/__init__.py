"""The `helltaker` command line: one module per subcommand, one `main`."""
