# Slovenščina: besede na zaslonih (table/lang/__init__.py).
# One text a line, key=text (a text runs to the end of its line, spaces
# included); card letters are one line, the letters apart by spaces. One str a
# part (no large block of the heap is needed for one).
S = (
"""
lang_name=Slovenščina
""",
# games and rule sets (games.title, games.rules_name)
"""
game_koenigrufen=Königrufen
game_slovenian=Slovenski tarok
game_french=Francoski tarok
game_bavarian=Bavarski tarok
rs_koenigrufen/pagat=pagat.com
rs_koenigrufen/tarockcup=Tarockcup
rs_koenigrufen/tarockcup_austria=Tarockcup star
rs_slovenian/play-tarock-online=Spletna pravila
rs_slovenian/play-tarock-online-open2=Spletna, za dva
rs_slovenian/standard=Standardna
rs_french/fft=FFT
rs_french/1000=Do 1000
rs_french/maison=Domača
rs_french/strohmann=S slamnatim
rs_bavarian/standard=Standardna
rs_bavarian/announced=Z napovedmi
""",
# setup (flows/setup.py)
"""
table_setup=Nastavitev mize
presets_again=Predloge ● beri znova
presets_bad=presets.txt, vrstica %d: napaka. Podrobnosti pokaže angleški jezik.
presets_bad_file=presets.txt ni mogoče prebrati. Zakaj, pokaže angleški jezik.
row_Game=Igra
row_Rules=Pravila
row_Presets=Predloge
row_Players=Igralci
row_Seats=Sedeži
row_Dealer=Delivec
row_End=Konec
row_Mode=Način
row_Confirm=Potrdijo
cf_all=vsi
cf_side=igralci + 1 nasp.
row_Language=Jezik
row_Names=Imena
row_Start=Začetek
open_ended=odprto
first_past=kdor preseže %d
first_to=kdor doseže %d
n_rounds=%d krog|%d kroga|%d krogi|%d krogov
n_deals=%d igra|%d igri|%d igre|%d iger
as_rules_say=po pravilih
file_error=napaka datoteke
app_error=Napaka programa, zapisana
drawn=, žreb
choose=● izberi
play=● igraj
too_few_seats=premalo sedežev za to igro
name_letter=ime potrebuje črko
name_taken=%s je že zasedeno
name_max=največ %d črk
no_space=tu ni presledka
names=Imena
seat_not_playing=ta sedež ne igra
waiting_others=čakam na druge
who_sits=Kdo sedi tu? (sedež %d)
new_name=novo ime
n_of_m=%d od %d
take_keep=● vzemi  drži: obdrži
ed_done=končano
ed_delete=briši
ed_space=presl.
new_name_seat=Novo ime (sedež %d)
take_list=● vzemi  drži: seznam
tc_title=Koda mize
tc_typing=Sedež %d vnaša kodo
tc_check=Koda napačna: preverite
tc_length=Koda ima %d znakov
tc_range=To ni koda mize
mode_virtual=Karte na zaslonu
mode_physical=Deljenje + točke
mode_score=Samo točke
""",
# totals, idle (flows/common.py, flows/idle.py)
"""
no_deals_yet=še nobene igre
score_sheet=Seznam točk
score_sheet_n=Seznam točk %d/%d
seen=● prebrano
more_seen=◀▶ več  ● prebrano
seat_n=Sedež %d
not_playing=ne igra
dealer_is=deli: %s
deal_dealer=igra %d, deli %s
you_deal=ti deliš
aborted_by=prekinil %s
party_over=konec: %s
new_party=● nova partija
next_deal=● naslednja igra
rank=mesto %d od %d
rank_elo=mesto %d/%d  Elo %d (%+d)
deal_confirm=Igra %d: potrdi
for_you=%+d zate
fix_for_you=%+d → %+d zate
waiting_for=čakam na %s
confirm=● potrdi
you_confirmed=potrdil si
money=%d,%02d C
money_out=plačaš %s %s
money_in=dobiš od %s %s
""",
# the app: storage, votes, the seat menu (app.py)
"""
sheet_unreadable= ni ga bilo mogoče prebrati
not_saved=ni shranjeno
cannot_save=Seznama ni mogoče shraniti:
play_unsaved=● igraj brez shranjevanja
stop=◀ ustavi
unsaved=neshr. 
saving=shranjujem...
hold_menu=drži ●: meni
ask_abort=Prekini igro?
ask_discard=Zavrzi rezultat?
ask_new=Nova miza?
ask_end=Končaj partijo?
ask_forget=Pozabi %s?
m_discard=Zavrzi rezultat
m_abort=Prekini igro
m_end=Končaj partijo
m_new=Nova miza
m_resume=Nadaljuj
m_scores=Točke
m_past=Prejšnje partije
m_abort_party=Prekini partijo (-%d)
m_forget=Pozabi igralca
scores=Točke
you_ask=Vprašaš mizo:
asks=%s vpraša mizo:
to_answer=še odgovorijo:
withdraw=◀ prekliči
not_playing_p=(ne igra)
said_yes=rekel si da  ◀ ne
yes_no=● da     ◀ ne
abort_party_q=Prekini partijo?
abort_party_why=Igra se še ni začela. Prekinitev te stane %d točko; ocene ostanejo.|Igra se še ni začela. Prekinitev te stane %d točki; ocene ostanejo.|Igra se še ni začela. Prekinitev te stane %d točke; ocene ostanejo.|Igra se še ni začela. Prekinitev te stane %d točk; ocene ostanejo.
abort_back=● prekini   ◀ nazaj
keeps_name=seznami ime ohranijo
ask_table=● vprašaj mizo
hold_back=drži ●: nazaj
menu_of=Meni - %s
""",
# what the score sheet found when it opened (table.sheet.sheet: Sheet.words)
"""
p_framing=Zapisnik novejše programske opreme (format %d): ostane, kot je, ne piše se
p_damage=Poškodovani zapisi odloženi: %d bajt (v karanteni)|Poškodovani zapisi odloženi: %d bajta (v karanteni)|Poškodovani zapisi odloženi: %d bajti (v karanteni)|Poškodovani zapisi odloženi: %d bajtov (v karanteni)
p_store=Zapisnika ni mogoče prebrati: %s
p_unsaved=Zapisnik prebran, a ne shranjen: %s. Novo čaka v pomnilniku
p_flash=Flash je skoraj poln: %d KB prosto. Kopirajte zapisnik; nič se ne briše
p_refused_deal=Igra %d (%s) ni šteta: %s
p_lost=Igre %d (%s) ni bilo mogoče prebrati
p_lost_n=Iger %d do %d (%s) ni bilo mogoče prebrati
p_refused=Zapis (%s) partije %s je odložen: %s
p_lost_why=Igre %d (%s) ni bilo mogoče prebrati: %s
p_ok_lost=Igra %d (%s) šteje: potrditev je bila poškodovana, miza je igrala naprej
p_newer_rec=Zapisi novejše programske opreme: ohranjeni, ne prikazani
p_format=Deli novejše programske opreme (%s): ohranjeni, šteti kot potrjeni
p_dup=Partija (%s) je bila v zapisniku dvakrat: šteta enkrat
p_end_lost=Konca partije (%s) ni bilo mogoče prebrati
p_player=Imena igralca ni bilo mogoče prebrati (igralec %d)
p_newer_deal=Igra %d (%s): novejša programska oprema, šteje kot potrjena
p_unreadable=Igra %d (%s): rezultat tu ni berljiv, šteje kot potrjena
p_written_bad=Igra %d (%s): shranjeni rezultat poškodovan, šteto po pravilih
p_disputed=Igra %d (%s) je sporna: šteje kot potrjena, %s
p_arc_damage=%d bajta te partije ni bilo mogoče prebrati|%d bajtov te partije ni bilo mogoče prebrati
p_headless=Nastavitve partije ni bilo mogoče prebrati: njene igre ostanejo, mesta oštevilčena, štete kot potrjene
p_arc_indexed=Pretekla partija (%s) je bila znova najdena v arhivu
p_arc_bad=Arhiv preteklih partij ima poškodovane zapise: ostane, kot je
p_arc_short=%s manjka %d od %d bajtov te partije
p_more=Še več težav, niso prikazane: %d
r_fits=ne ustreza zapisniku
r_number=številka igre izven obsega
r_twice=je v zapisniku dvakrat
r_orphan=njena igra manjka
r_over=partija je bila končana
r_unconfirmed=nobena potrditev ni berljiva
r_full=flash je poln
r_readonly=flash je samo za branje
r_isdir=zapisnik je mapa
r_access=datoteka je zaščitena pred pisanjem
r_io=flash se ne odziva
r_os=napaka pomnilnika (%s)
""",
# the score sheet, past parties (flows/sheetview.py, flows/past.py)
"""
unreadable=ni berljivo
no_summary=brez podatkov
totals=skupaj
dealt=delil %s: %s
it_was=popravljeno; prej:
disputed=sporno
fw_scores=ta oprema računa:
fw_cannot=tu ni ocenljivo
rules_are=pravila: %s
written_by=oprema %s
written_before=oprema pred 0.4
deal_of=Igra %d od %d
deal_corrected=Igra %d popravljena
deal_deleted=Igra %d izbrisana
correct_deal=Popravi igro %d
undo_fix=Razveljavi popravek
delete_deal=Izbriši igro %d
back=Nazaj
sheet_deals=Seznam, %s
sheet_of=Seznam %s
page_correct=◀▶ stran  ● popravi
page_back=◀▶ stran  drži: nazaj
deal_n=Igra %d
not_now=ne zdaj
choose_back=● izberi  drži: nazaj
none_yet=še nobena shranjena
party_of=Partija %d od %d
deals_scores=%s, %s
open_deals=● igre
totals_only=samo vsote
party_back=◀▶ partija  drži: nazaj
party_deals=Partija %d: %s
deal_back=◀▶ igra  drži: nazaj
""",
# the dealing aid (flows/aid.py)
"""
r_dealer=Delivec
r_out=počiva
r_forehand=Prvi
r_cutter=Dviga
r_player=Igralec %d
each_from=po %d, od %s
to_stock=%d v %s
packets_from=kupčki po %d, od %s
round_round=krog za krogom
spread1=%d v %s po eno
spread2=med kupčki, ne s
spread3=prvim ali zadnjim
n_packets=%d kupček po %d|%d kupčka po %d|%d kupčki po %d|%d kupčkov po %d
choose_turn=po vrsti, %s prvi
stacks_each=%d kup x %d, %s|%d kupa x %d, %s|%d kupi x %d, %s|%d kupov x %d, %s
top_up=zgornja odprta
top_down=zaprto
plus_stacks=+ %d kup po %d|+ %d kupa po %d|+ %d kupi po %d|+ %d kupov po %d
deal=Deljenje
deal_role=Igra %d: %s
you_cut=ti dvigneš (ali potrkaš)
cut=Dvigni
knock=Potrkaj
cuts=%s dviga
knocked=%s je potrkal
dealt_ok=● razdeljeno
pages_dealt=◀▶ %d/%d  ● razdeljeno
you_get=dobiš %d kart
deals_x=%s deli
play_deal=odigrajte igro
speaks_first=%s govori prvi:
ich_spiele=Igram, ali naprej
leads_bidding=%s začne licitacijo
enter_score=● vnesi rezultat
talon=talon
stock=kup
Stock=kup
chien=talon
""",
# score entry (flows/entry.py); e<code>: a refused result, tarock.errors.Refused (its values: w_* and other words)
"""
faster=drži ◀ ▶: hitreje
done_ok=končano ●
Kontra=Kontra
take_it_list=● vzemi  drži: seznam
announced_take=! napovedano  ● vzemi
enters=%s vnaša
cannot_score=Ni mogoče točkovati
confirm_why=Potrdi %d/%d: zakaj
confirm_1_n=Potrdi 1/%d ◀▶
confirm_h=Potrdi
confirm_menu=● potrdi  drži: meni
confirm_own=● potrdi  drži: popravi
waiting=čakam: %s
e24=%s in %s se ne ujemata
e25=%s: tako ni mogoče
e26=skupaj več kot %d točk
e27=napovedati je treba ptiča
w_points=točke
w_bouts=oudlerji
""",
# virtual cards (flows/play.py)
"""
no_game=ni igre
cutter_dealer=dviga %s, deli %s
choose_packet=potrkano: izberi kupček
forehand=prvi %s
talon_l=L
talon_r=D
lays_away=%s založi %d
no_contract=še ni igre
tricks=vzetki
laid_away=založeno
result_n=Rezultat %d/%d
waiting_n=čakam na %d
ok=● v redu
""",
# the families' words (games/*.py); "c_" + a profile's contract name
"""
ph_cut=Dviganje
ph_packets=Kupčki
ph_bidding=Licitacija
ph_contract=Igra
ph_king=Kralj
ph_talon=Talon
ph_discard=Zalaganje
ph_announce=Napovedi
ph_trick=Vzetek
ph_result=Rezultat
trick_n=Vzetek %d
pass=Naprej
mein_spiel=Moja igra
packet=Kupček %d
king_of=Kralj %s
fourth_king=Četrti kralj
talon_left=Talon levo
talon_right=Talon desno
concede=Predaj
the_game=igra
fourth_k= 4. kralj
b_trull=Trula
b_kings=4 kralji
b_pagat=Pagat
b_uhu=Uhu
b_kakadu=Kakadu
b_marabu=Marabu
b_king_ult=Kralj ult.
b_valat=Valat
b_mondfang=Ujeti mond
b_skusfang=Ujeti škis
b_konigfang=Kralj ujet
b_ten_tarock=10 tarokov
conceded=predano
pts_won=dobljeno z %d od 70
pts_lost=izgubljeno z %d od 70
tricks_won=%s: dobljeno
tricks_lost=%s: izgubljeno
-=-
decl=igralci
def=obramba
both=oboji
ann= nap.
made=narejeno
lost=izgubljeno
on_game=%s na igro
on_x=%s na %s
decl made=igralci dob.
def made=obramba dob.
decl lost=igralci izg.
def lost=obramba izg.
decl! made=igralci! dob.
decl! fail=igralci! izg.
def! made=obramba! dob.
def! fail=obramba! izg.
declarer=Igralec
contract=Igra
alone=sam
partner_conc=Partner/predano
partner=Partner
at_seat=se javi sam
i_partner=● bil sem partner
wait_partner=čakam na partnerja
game=Igra
won=dobljeno
bonuses_kontra=Premije, kontra
tricks_of=Vzetki: %s
points_of=Točke: %s
takes_rest=%s dobi ostalo: %d
plus_card= + %d karta| + %d karti| + %d karte| + %d kart
entered=%s %s (vneseno)
pts_tr=%2d t. %2d vz%+5d
pts_kl=%2d t. %5s%+5d
tr_none= 0 vz
per_opponent=na nasprotnika
""",
# card letters: Jack, Cavalier, Queen, King, Sküs (54 cards, games/common.py)
"""
faces=P C D K Šk
""",
# Slovenian (games/slovenian.py)
"""
ph_open2=Odprta igra
open_game=Odprta igra
i_play=Igram
group=Skupina %d
sb_trull=Trula
sb_kings=Kralji
sb_pagat=Pagat ult.
sb_trullpagat=Trulapagat
sb_valat=Valat
sb_king_ult=Kralj ult.
sb_kings_l=Kralji
sb_pagat_l=Pagat ultimo
sb_king_ult_l=Kralj ultimo
sb_mondfang=Ujeti mond
took_group=vzel skupino %d
talon_given=talon oddan
n_tricks=%d vzetek|%d vzetka|%d vzetki|%d vzetkov
n_pts=%d točka|%d točki|%d točke|%d točk
entered_x=vneseno: %s
game_value=Igra %d
diff35=razlika do 35
each_party=vsak igralec
the_declarer=igralec
opp_zero=nasprotniki: 0 (standard)
announced=napovedano
nobody=nihče
nobody_klop=nihče: klop
no_trick=Brez vzetka
took_one=ima vzetek
no_trick_w=brez vzetka
points_decl=Točke igralcev
pays=plača %s
c_Drei=Tri
c_Zwei=Dva
c_Eins=Ena
c_Solo drei=Solo tri
c_Solo zwei=Solo dva
c_Solo eins=Solo ena
c_Solo ohne Talon=Solo brez
c_Bettler=Berač
c_Offener Bettler=Odprti berač
c_Farbvalat=Barvni valat
c_Valat ohne Talon=Valat brez
c_Klop=Klop
c_Piccolo=Piccolo
""",
# French Tarot (games/french.py)
"""
ph_petit_sec=Petit sec
ph_ecart=Zalaganje
ph_chelem=Chelem
ph_poignee=Poignée
keep_back=izberi skrite: %d
kept_back=skriti
show_poignee=Pokaži poignée
excuse=Šk
r_king=Kralj
r_queen=Dama
r_knight=Kaval
r_jack=Pob
r_card=Karta
chelem_x=Chelem!
petit_sec_redeal=Petit sec: znova deli
chelem_ann=Chelem napovedan
petit_sec_x=petit sec: %s, znova
all_passed_redeal=vsi naprej: znova deli
fr_won=%s točk, %d oudl.: dob.
fr_lost=%s točk, %d oudl.: izg.
needed=potrebno %d
petit_bout_x=Petit au bout: %s
taker=igralec
defence=obramba
taker!=igralec!
taker! failed=igralec! izg.
defence!=obramba!
simple=enojna
double=dvojna
triple=trojna
d'atout=d'atout
de tête=de tête
poign=Poign. 
n_poign=%d.poign. 
all_passed=vsi naprej
taker_h=Igralec
partner_called=Partner (klican)
n_bouts=%d oudler|%d oudlerja|%d oudlerji|%d oudlerjev
bouts_def=Oudlerji obrambe
points_def=Točke obrambe
bouts_taker=Oudlerji igralca
points_taker=Točke igralca
petit_bout=Petit au bout
petit_bout_l=Petit bout
tak=igr.
dfc=obr.
bonuses=Premije
fr_no_bonus=brez premije
fr_other_bonuses=druge premije …
redeal_no_game=znova deli: ni igre
fr_of_won=%s od %d, %d oudl.: dob.
fr_of_lost=%s od %d, %d oudl.: izg.
base_x=osnova %d x%d
points_x=točke %d x%d
chelem_def=Chelem obrambe
each_def_pays=vsak branilec plača
""",
# Bavarian Tarock (games/bavarian.py)
"""
s_eichel=Želod
s_gruen=List
s_herz=Srce
s_schellen=Zvonec
ph_put_back=Odlaganje
ph_trumps=Aduti
hand_game=Roka
hand_game_l=Igra iz roke
aufnahme=Aufnahme
trumps_x=Aduti %s
passed_no_game=vsi naprej: ni igre
eyes_won=dobljeno z %d od 120
eyes_lost=izgubljeno z %d od 120
tricks_vs=vzetki %d : %d
both_took=oboji imajo vzetke
decl_all=igralec ima vse
decl_none=igralec nima nobenega
kind=Vrsta
bid=Ponudba
announced_h=Napovedano
nothing=nič
eyes_of=Točke: %s
tricks_h=Vzetki
each_opp_pays=vsak nasprotnik plača
""",
# the play view (flows/play.py)
"""
play_your_turn=%s: na vrsti si
play_to_move=%s: na vrsti %s
play_to_move_n=na vrsti %s
play_out= - ne igra
play_last=zadnji
play_last_trick=Zadnji štih
play_final_trick=Zadnji štih igre
play_took_it=vzel ga je %s
play_to_result=● rezultat
play_take_back=● vzemi nazaj
play_shows=%s kaže:
play_open_page=karte %s: ◀▶ strani
play_pages=◀▶ strani
play_peek_back=● nazaj na karte
""",
# the score sheet at boot, a question across a restart (app.py)
"""
more_play_on=◀▶ več ● igraj, ne shrani
vote_gone=Vprašanje (%s) odpade
""",
# the phones' page (web/page.html; host_tools/build/gen_page.py lists its keys)
"""
web_lang=sl
web_title=Zapisnik
web_loading=nalaganje …
web_live=v živo
web_reconnecting=ponovna povezava …
web_none=Še ni partije
web_deals=Igre: %s
web_over=konec
web_radelci=Radelci: %s
web_sheet=Igra za igro
web_points=%s točk
web_redeal=ponovno deljenje
web_disputed=sporno
web_fixed=popravljeno
web_deleted=izbrisano
web_plot=Večer
web_stats=Statistika
web_player=Igralec
web_played=Igre
web_declared=Kot igralec
web_won=Dobljene
web_average=Povprečje
web_elo=Elo
web_money=Obračun
web_per_point=%s na točko
web_archive=Prejšnje partije
web_download=Prenos
web_csv=Zapisnik (CSV)
web_json=Vse (JSON)
web_import=Naloži seznam z naprave
web_time_ntp=Čas iz omrežja
web_time_page=Čas z ure telefona
""",
# the seat menu's way to the phones' page: its QR codes, or why it is off (web/phone.py)
"""
m_phone=Stran na telefonu
qr_wifi=Wi-Fi
qr_pass=Geslo
qr_page=Stran
qr_keys=◀▶  ● nazaj
qr_off=Stran je izklopljena
qr_starting=Wi-Fi se zaganja.
""",
# the radio (hw/net.py): why the page is off (Net.why)
"""
net_no_radio=ni čipa Wi-Fi
net_bad_file=wifi.txt je napačen
net_no_join=omrežje ni povezano
net_failed=napaka Wi-Fi
""",
# a tournament round (flows/tourney.py)
"""
m_code=Koda mize
row_Tourney=Turnir
tn_back=njegov krog
tn_bad=polje %s v datoteki mize je napačno
tn_unreadable=datoteke mize ni mogoče prebrati
tn_file=Datoteka mize
tn_ordinary=◀ navadna igra
tn_seats=krog potrebuje %d mest, miza jih ima %d
tn_played=krog %d za mizo %d je že zapisan
tn_round_table=krog %d, miza %d
tn_games=%d iger
tn_games_min=%d iger, %d min
tn_start=● začni krog
tn_deal=igra %d/%d, deli %s
tn_you_deal=igra %d/%d, deliš ti
tn_left=še %d min
tn_time_up=čas je potekel
tn_signed=krog %d, miza %d podpisan
tn_early=končan predčasno
tn_next=● naslednji krog
tn_no_key=datoteke mize za ta krog ni več: za podpis jo znova kopiraj na napravo
tn_waiting=podpisati: %s
tn_sign=● podpiši krog
tn_you_signed=podpisal si
""",
)
