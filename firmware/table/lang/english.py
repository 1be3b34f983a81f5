# English: the screens' words (table/lang/__init__.py says how keys work).
# One text a line, key=text (a text runs to the end of its line, spaces
# included); card letters are one line, the letters apart by spaces. One str a
# part (no large block of the heap is needed for one).
S = (
"""
lang_name=English
""",
# games and rule sets (games.title, games.rules_name)
"""
game_koenigrufen=Königrufen
game_slovenian=Slovenian Tarok
game_french=French Tarot
game_bavarian=Bavarian Tarock
rs_koenigrufen/pagat=pagat.com
rs_koenigrufen/tarockcup=Tarockcup
rs_koenigrufen/tarockcup_austria=Tarockcup old
rs_slovenian/play-tarock-online=Online rules
rs_slovenian/play-tarock-online-open2=Online, two open
rs_slovenian/standard=Standard
rs_french/fft=FFT
rs_french/1000=To 1000
rs_french/maison=House rules
rs_french/strohmann=With a dummy
rs_bavarian/standard=Standard
rs_bavarian/announced=Announced
""",
# setup (flows/setup.py)
"""
table_setup=Table setup
presets_again=Presets ● read again
presets_bad=presets.txt line %d has an error (the reader's words on an English table)
presets_bad_file=presets.txt cannot be read (the reader's words on an English table)
row_Game=Game
row_Rules=Rules
row_Presets=Presets
row_Players=Players
row_Seats=Seats
row_Dealer=Dealer
row_End=End
row_Mode=Mode
row_Confirm=Confirm
cf_all=all
cf_side=side + 1 opp.
row_Language=Language
row_Names=Names
row_Start=Start
open_ended=open-ended
first_past=first past %d
first_to=first to %d
n_rounds=%d round|%d rounds
n_deals=%d deal|%d deals
as_rules_say=as the rules say
file_error=file error
app_error=Program error, noted
drawn=, drawn
choose=● choose
play=● play
too_few_seats=not enough seats for this game
name_letter=a name needs a letter
name_taken=%s is taken
name_max=at most %d letters
no_space=no space here
names=Names
seat_not_playing=this seat does not play
waiting_others=waiting for the others
who_sits=Who sits here? (seat %d)
new_name=new name
n_of_m=%d of %d
take_keep=● take  hold ●: keep
ed_done=done
ed_delete=delete
ed_space=space
new_name_seat=New name (seat %d)
take_list=● take  hold ●: list
tc_title=Table code
tc_typing=Seat %d types the code
tc_check=Code wrong: check it
tc_length=A code has %d characters
tc_range=Not a table code
mode_virtual=Virtual cards
mode_physical=Deal + score
mode_score=Score only
""",
# totals, idle (flows/common.py, flows/idle.py)
"""
no_deals_yet=no deals yet
score_sheet=Score sheet
score_sheet_n=Score sheet %d/%d
seen=● seen
more_seen=◀▶ more  ● seen
seat_n=Seat %d
not_playing=not playing
dealer_is=dealer: %s
deal_dealer=deal %d, dealer %s
you_deal=you deal
aborted_by=party aborted by %s
party_over=party over: %s
new_party=● new party
next_deal=● next deal
rank=rank %d of %d
rank_elo=rank %d/%d  Elo %d (%+d)
deal_confirm=Deal %d: confirm
for_you=%+d for you
fix_for_you=%+d → %+d for you
waiting_for=waiting for %s
confirm=● confirm
you_confirmed=you confirmed
money=C%d.%02d
money_out=to %s %s
money_in=from %s %s
""",
# the app: storage, votes, the seat menu (app.py)
"""
sheet_unreadable= it could not be read
not_saved=not saved
cannot_save=Score sheet cannot be saved:
play_unsaved=● play on, unsaved
stop=◀ stop
unsaved=unsaved 
saving=saving...
hold_menu=hold ●: menu
ask_abort=Abort this deal?
ask_discard=Discard the result?
ask_new=Set up a new table?
ask_end=End the party?
ask_forget=Forget %s?
m_discard=Discard result
m_abort=Abort deal
m_end=End party
m_new=New table
m_resume=Resume
m_scores=Scores
m_past=Past parties
m_abort_party=Abort the party (-%d)
m_forget=Forget a player
scores=Scores
you_ask=You ask the table:
asks=%s asks the table:
to_answer=still to answer:
withdraw=◀ withdraw
not_playing_p=(not playing)
said_yes=you said yes  ◀ no
yes_no=● yes     ◀ no
abort_party_q=Abort the party?
abort_party_why=The game has not begun. Aborting costs you %d point; the ratings stay.|The game has not begun. Aborting costs you %d points; the ratings stay.
abort_back=● abort    ◀ back
keeps_name=past sheets keep the name
ask_table=● ask the table
hold_back=hold ●: back
menu_of=Menu - %s
""",
# what the score sheet found when it opened (table.sheet.sheet: Sheet.words)
"""
p_framing=Score sheet of a newer firmware (framing %d): kept as it is, not written
p_damage=Damaged records set aside: %d byte (kept in the quarantine)|Damaged records set aside: %d bytes (kept in the quarantine)
p_store=The score sheet cannot be read: %s
p_unsaved=Score sheet read but not saved: %s. New results wait in memory until it can be
p_flash=Flash nearly full: %d KB left. Copy the sheet off the board; nothing is deleted
p_refused_deal=Deal %d of %s could not be counted: %s
p_lost=Deal %d of %s could not be read
p_lost_n=Deals %d to %d of %s could not be read
p_refused=A record (%s) of %s was set aside: %s
p_lost_why=Deal %d of %s could not be read: %s
p_ok_lost=Deal %d of %s counts: a confirmation was damaged, the table had gone on
p_newer_rec=Records of a newer firmware: kept, not shown
p_format=Parts written by a newer firmware (%s): kept, counted as confirmed
p_dup=The party of %s was on the sheet twice: counted once
p_end_lost=The end of the party of %s could not be read
p_player=A player's name could not be read (Player %d)
p_newer_deal=Deal %d of %s: written by a newer firmware, counts as confirmed
p_unreadable=Deal %d of %s: its result cannot be read here, counts as confirmed
p_written_bad=Deal %d of %s: its stored score was damaged, counted by the rules
p_disputed=Deal %d of %s is disputed: it counts as confirmed, %s
p_arc_damage=%d byte of this party could not be read|%d bytes of this party could not be read
p_headless=The setup of a party could not be read: its deals are kept, seats by number, counted as confirmed
p_arc_indexed=A past party of %s was found again in the archive
p_arc_bad=The archive of past parties has damaged records: kept as it is
p_arc_short=%s lacks %d of this party's %d bytes
p_more=More problems, not shown: %d
r_fits=it does not fit the sheet
r_number=a deal number out of range
r_twice=it is on the sheet twice
r_orphan=its deal is missing
r_over=the party was over
r_unconfirmed=no confirmation was read
r_full=the flash is full
r_readonly=the flash is read-only
r_isdir=the journal is a directory
r_access=the file is write-protected
r_io=the flash does not answer
r_os=storage error (%s)
""",
# the score sheet, past parties (flows/sheetview.py, flows/past.py)
"""
unreadable=could not be read
no_summary=no summary
totals=totals
dealt=dealt %s: %s
it_was=corrected; it was:
disputed=disputed
fw_scores=this firmware scores:
fw_cannot=not scorable here
rules_are=rules: %s
written_by=firmware %s
written_before=firmware before 0.4
deal_of=Deal %d of %d
deal_corrected=Deal %d corrected
deal_deleted=Deal %d deleted
correct_deal=Correct deal %d
undo_fix=Undo correction
delete_deal=Delete deal %d
back=Back
sheet_deals=Sheet, %s
sheet_of=Sheet %s
page_correct=◀▶ page  ● correct
page_back=◀▶ page  hold ● back
deal_n=Deal %d
not_now=not now
choose_back=● choose  hold ● back
none_yet=none on flash yet
party_of=Party %d of %d
deals_scores=%s, %s
open_deals=● deals
totals_only=totals only
party_back=◀▶ party  hold ●: back
party_deals=Party %d: %s
deal_back=◀▶ deal  hold ●: back
""",
# the dealing aid (flows/aid.py)
"""
r_dealer=Dealer
r_out=sits out
r_forehand=Forehand
r_cutter=Cutter
r_player=Player %d
each_from=%d each, from %s
to_stock=%d to the %s
packets_from=packets of %d, from %s
round_round=round after round
spread1=%d to the %s one by one
spread2=between packets, not
spread3=with the first or last
n_packets=%d packet of %d|%d packets of %d
choose_turn=choose in turn: %s 1st
stacks_each=%d stack x %d each, %s|%d stacks x %d each, %s
top_up=top up
top_down=down
plus_stacks=+ %d stack of %d|+ %d stacks of %d
deal=Deal
deal_role=Deal %d: %s
you_cut=you cut (or knock)
cut=Cut
knock=Knock
cuts=%s cuts
knocked=%s knocked
dealt_ok=● dealt
pages_dealt=◀▶ %d/%d  ● dealt
you_get=you get %d cards
deals_x=%s deals
play_deal=play the deal
speaks_first=%s speaks first:
ich_spiele=Ich spiele, or pass
leads_bidding=%s leads the bidding
enter_score=● enter the score
talon=talon
stock=stock
Stock=Stock
chien=chien
""",
# score entry (flows/entry.py); e<code>: a refused result, tarock.errors.Refused (its values: w_* and other words)
"""
faster=hold ◀ ▶: faster
done_ok=done ●
Kontra=Kontra
take_it_list=● take it  hold ●: list
announced_take=! announced  ● take it
enters=%s enters
cannot_score=Cannot score this
confirm_why=Confirm %d/%d: why
confirm_1_n=Confirm 1/%d ◀▶
confirm_h=Confirm
confirm_menu=● confirm  hold: menu
confirm_own=● confirm  hold: change
waiting=waiting: %s
e24=%s and %s do not fit together
e25=%s: not possible like that
e26=more than %d card points in all
e27=a bird must be announced
w_points=card points
w_bouts=bouts
""",
# virtual cards (flows/play.py)
"""
no_game=no game
cutter_dealer=%s cuts, %s deals
choose_packet=knocked: choose a packet
forehand=forehand %s
talon_l=L
talon_r=R
lays_away=%s lays away %d
no_contract=no contract yet
tricks=tricks
laid_away=laid away
result_n=Result %d/%d
waiting_n=waiting for %d
ok=● ok
""",
# the families' words (games/*.py); "c_" + a profile's contract name
"""
ph_cut=Cut
ph_packets=Packets
ph_bidding=Bidding
ph_contract=Contract
ph_king=King
ph_talon=Talon
ph_discard=Discard
ph_announce=Announce
ph_trick=Trick
ph_result=Result
trick_n=Trick %d
pass=Pass
mein_spiel=Mein Spiel
packet=Packet %d
king_of=King %s
fourth_king=Fourth king
talon_left=Talon left
talon_right=Talon right
concede=Concede
the_game=game
fourth_k= 4th king
b_trull=Trull
b_kings=4 Kings
b_pagat=Pagat
b_uhu=Uhu
b_kakadu=Kakadu
b_marabu=Marabu
b_king_ult=King ult.
b_valat=Valat
b_mondfang=Mondfang
b_skusfang=Sküsfang
b_konigfang=Königfang
b_ten_tarock=10 Tarock
conceded=conceded
pts_won=won with %d of 70 points
pts_lost=lost with %d of 70 points
tricks_won=%s: won
tricks_lost=%s: lost
-=-
decl=players
def=defence
both=both
ann= ann.
made=made
lost=lost
on_game=%s on the game
on_x=%s on %s
decl made=players made
def made=defence made
decl lost=players lost
def lost=defence lost
decl! made=players! made
decl! fail=players! lost
def! made=defence! made
def! fail=defence! lost
declarer=Declarer
contract=Contract
alone=alone
partner_conc=Partner/conceded
partner=Partner
at_seat=at his seat
i_partner=● I was the partner
wait_partner=waiting for the partner
game=Game
won=won
bonuses_kontra=Bonuses, Kontra
tricks_of=Tricks of %s
points_of=Points of %s
takes_rest=%s takes the rest: %d
plus_card= + %d card| + %d cards
entered=%s %s (entered)
pts_tr=%2d pts %2d tr%+5d
pts_kl=%2d pts %5s%+5d
tr_none= 0 tr
per_opponent=per opponent
""",
# card letters: Jack, Cavalier, Queen, King, Sküs (54 cards, games/common.py)
"""
faces=J C Q K Sk
""",
# Slovenian (games/slovenian.py)
"""
ph_open2=Open game
open_game=Open game
i_play=I play
group=Group %d
sb_trull=Trula
sb_kings=Kings
sb_pagat=Pagat ult.
sb_trullpagat=Trulapagat
sb_valat=Valat
sb_king_ult=King ult.
sb_kings_l=Kings
sb_pagat_l=Pagat ultimo
sb_king_ult_l=King ultimo
sb_mondfang=Mond lost
took_group=took group %d
talon_given=talon given
n_tricks=%d trick|%d tricks
n_pts=%d pt|%d pts
entered_x=entered: %s
game_value=Game %d
diff35=difference to 35
each_party=each of the team
the_declarer=the declarer
opp_zero=opponents: 0 (standard)
announced=announced
nobody=nobody
nobody_klop=nobody: Klop
no_trick=No trick
took_one=took one
no_trick_w=no trick
points_decl=Declarer side points
pays=%s pays
c_Drei=Three
c_Zwei=Two
c_Eins=One
c_Solo drei=Solo three
c_Solo zwei=Solo two
c_Solo eins=Solo one
c_Solo ohne Talon=Solo without
c_Bettler=Beggar
c_Offener Bettler=Open beggar
c_Farbvalat=Colour valat
c_Valat ohne Talon=Valat without
c_Klop=Klop
c_Piccolo=Piccolo
""",
# French Tarot (games/french.py)
"""
ph_petit_sec=Petit sec
ph_ecart=Écart
ph_chelem=Chelem
ph_poignee=Poignée
keep_back=keep hidden: %d
kept_back=hidden
show_poignee=Show poignée
excuse=Ex
r_king=King
r_queen=Queen
r_knight=Knight
r_jack=Jack
r_card=Card
chelem_x=Chelem!
petit_sec_redeal=Petit sec: redeal
chelem_ann=Chelem announced
petit_sec_x=petit sec: %s, redeal
all_passed_redeal=all passed: redeal
fr_won=%s pts, %d bout: won|%s pts, %d bouts: won
fr_lost=%s pts, %d bout: lost|%s pts, %d bouts: lost
needed=needed %d
petit_bout_x=Petit au bout: %s
taker=taker
defence=defence
taker!=taker!
taker! failed=taker! failed
defence!=defence!
simple=simple
double=double
triple=triple
d'atout=d'atout
de tête=de tête
poign=Poign. 
n_poign=%d.poign. 
all_passed=all passed
taker_h=Taker
partner_called=Partner (called)
n_bouts=%d bout|%d bouts
bouts_def=Bouts, defence
points_def=Points, defence
bouts_taker=Bouts, taker's side
points_taker=Points, taker's side
petit_bout=Petit au bout
petit_bout_l=Petit bout
tak=tak.
dfc=def.
bonuses=Bonuses
fr_no_bonus=no bonus
fr_other_bonuses=other bonuses …
redeal_no_game=redeal: no game
fr_of_won=%s of %d, %d bout: won|%s of %d, %d bouts: won
fr_of_lost=%s of %d, %d bout: lost|%s of %d, %d bouts: lost
base_x=base %d x%d
points_x=points %d x%d
chelem_def=Chelem defence
each_def_pays=each defender pays
""",
# Bavarian Tarock (games/bavarian.py)
"""
s_eichel=Acorns
s_gruen=Leaves
s_herz=Hearts
s_schellen=Bells
ph_put_back=Put back
ph_trumps=Trumps
hand_game=Hand
hand_game_l=Hand game
aufnahme=Aufnahme
trumps_x=Trumps %s
passed_no_game=all passed: no game
eyes_won=won with %d of 120
eyes_lost=lost with %d of 120
tricks_vs=tricks %d : %d
both_took=both took tricks
decl_all=declarer took all
decl_none=declarer took none
kind=Kind
bid=Bid
announced_h=Announced
nothing=nothing
eyes_of=Points of %s
tricks_h=Tricks
each_opp_pays=each opponent pays
""",
# the play view (flows/play.py)
"""
play_your_turn=%s: your turn
play_to_move=%s: %s to play
play_to_move_n=%s to play
play_out= - out
play_last=last
play_last_trick=Last trick
play_final_trick=The final trick
play_took_it=%s took it
play_to_result=● result
play_take_back=● take back
play_shows=%s shows:
play_open_page=%s's hand: ◀▶ pages
play_pages=◀▶ pages
play_peek_back=● back to the cards
""",
# the score sheet at boot, a question across a restart (app.py)
"""
more_play_on=◀▶ more ● play on unsaved
vote_gone=%s's question dropped
""",
# the phones' page (web/page.html; host_tools/build/gen_page.py lists its keys)
"""
web_lang=en
web_title=Score sheet
web_loading=loading…
web_live=live
web_reconnecting=reconnecting…
web_none=No party yet
web_deals=Deals: %s
web_over=over
web_radelci=Radelci: %s
web_sheet=Deal by deal
web_points=%s points
web_redeal=redeal
web_disputed=disputed
web_fixed=corrected
web_deleted=deleted
web_plot=The evening
web_stats=Statistics
web_player=Player
web_played=Played
web_declared=Declared
web_won=Won
web_average=Average
web_elo=Elo
web_money=Settlement
web_per_point=%s a point
web_archive=Past parties
web_download=Download
web_csv=Sheet (CSV)
web_json=All (JSON)
web_import=Load a board's journal
web_time_ntp=Times of day from the network
web_time_page=Times of day from a phone's clock
""",
# the seat menu's way to the phones' page: its QR codes, or why it is off (web/phone.py)
"""
m_phone=The page on phones
qr_wifi=Wi-Fi
qr_pass=Password
qr_page=The page
qr_keys=◀▶  ● back
qr_off=The page is off
qr_starting=The Wi-Fi is starting.
""",
# the radio (hw/net.py): why the page is off (Net.why)
"""
net_no_radio=no Wi-Fi chip
net_bad_file=wifi.txt unreadable
net_no_join=network not joined
net_failed=Wi-Fi failed
""",
# a tournament round (flows/tourney.py)
"""
m_code=Table code
row_Tourney=Tourney
tn_back=its round
tn_bad=the field %s of the table file is wrong
tn_unreadable=the table file cannot be read
tn_file=Table file
tn_ordinary=◀ ordinary party
tn_seats=the round needs %d seats, this table has %d
tn_played=round %d at table %d is on the sheet already
tn_round_table=round %d, table %d
tn_games=%d games
tn_games_min=%d games, %d min
tn_start=● start the round
tn_deal=game %d/%d, dealer %s
tn_you_deal=game %d/%d, you deal
tn_left=%d min left
tn_time_up=time is up
tn_signed=round %d, table %d signed
tn_early=ended early
tn_next=● next round
tn_no_key=this round's table file is gone: copy it to the board again to sign
tn_waiting=to sign: %s
tn_sign=● sign the round
tn_you_signed=you signed
""",
)
