# Device entry: pick the board, build the app, run it. `board` is the board
# file deployed with the firmware (boards/<BOARD>/board.py; HOST in the emulator).
import asyncio

import board
from table.app import App


async def main():
    app = App(board.make_displays(), seed=board.hw_seed(), storage=board.storage_root(),
              care=board.CARE)   # the board's settings of the panels' care
    buttons = board.make_buttons(app.on_event)
    # the radio and the page's server beside the table (boards with Wi-Fi)
    make_net = getattr(board, "make_net", None)     # no radio: none
    app.net = net = make_net(app.storage) if make_net else None
    await asyncio.gather(buttons.run(), app.run(), *([net.run(app)] if net else []))


asyncio.run(main())
