"""The terminal app's speed: a leaner compositor, cached rows and markup,
the models warmed after the first frame, and the garbage collector held
while the app starts."""
