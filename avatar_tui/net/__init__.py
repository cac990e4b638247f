"""One game on several screens (docs/protocol.md): the frames a host sends
each receiver, the host that keeps the one authoritative game, and the
client a seat or a watcher connects with. No Textual: the terminal app and
the tests drive the same code."""
