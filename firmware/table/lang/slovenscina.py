# Slovenščina: besede na zaslonih (table/lang/__init__.py).
S = {
    "lang_name": "Slovenščina",
    # the play of virtual cards (table.flows.play)
    "play_your_turn": "%s: na vrsti si",
    "play_to_move": "%s: na vrsti %s",
    "play_out": " - ne igra",
    "play_last": "zadnji",
    "play_last_trick": "Zadnji štih",
    "play_final_trick": "Zadnji štih igre",
    "play_took_it": "vzel ga je %s",
    "play_to_result": "● rezultat",
    "play_take_back": "● vzemi nazaj",
    "play_shows": "%s kaže:",
    "play_open_page": "karte %s: ◀▶ strani",
    "play_pages": "◀▶ strani",
    "play_peek_back": "● nazaj na karte",
}
