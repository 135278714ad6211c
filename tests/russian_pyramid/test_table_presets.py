"""The tables a player is offered and accepted: the pyramid tables only; the pool-9ft
validation table (sim.presets, issue 28) is refused as bad input by the board and the command
line, naming the tables that are played."""
import pytest

from russian_pyramid.app.play import table_named
from russian_pyramid.app.position import table_of
from russian_pyramid.app.table import table_info
from russian_pyramid.errors import UserInputError
from sim.presets import PLAYABLE_TABLES, POOL_9FT


def test_the_board_lists_the_playable_tables_only():
    assert table_info().to_json()["tables"] == list(PLAYABLE_TABLES)
    assert POOL_9FT not in table_info().tables


@pytest.mark.parametrize("refuse", [
    lambda: table_info(POOL_9FT),
    lambda: table_of({"table": POOL_9FT}),
    lambda: table_named(POOL_9FT),
])
def test_the_pool_table_is_refused_where_a_game_table_is_wanted(refuse):
    with pytest.raises(UserInputError, match="'pool-9ft' is not a known table for pyramid .*"
                                             "known: pyramid-12ft, pyramid-11ft, pyramid-10ft"):
        refuse()
