"""The terminal app's speed where benchmarks/ui_versus.py shows it pays: a
leaner compositor, one restyle pass per move from the styles found before,
the log's finished rows kept, markup parsed once, the models warmed after
the first frame, and the garbage collector held while the app starts."""
