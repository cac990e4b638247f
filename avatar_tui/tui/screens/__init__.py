"""The app's screens: the game board and the modal dialogs over it."""
