# English: the screens' words (table/lang/__init__.py says how keys work).
S = {
    "lang_name": "English",
    # the play of virtual cards (table.flows.play)
    "play_your_turn": "%s: your turn",
    "play_to_move": "%s: %s to play",
    "play_out": " - out",
    "play_last": "last",
    "play_last_trick": "Last trick",
    "play_final_trick": "The final trick",
    "play_took_it": "%s took it",
    "play_to_result": "● result",
    "play_take_back": "● take back",
    "play_shows": "%s shows:",
    "play_open_page": "%s's hand: ◀▶ pages",
    "play_pages": "◀▶ pages",
    "play_peek_back": "● back to the cards",
}
