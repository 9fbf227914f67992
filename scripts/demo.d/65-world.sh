# The world: the sample mission, its map's terrain and a unit assembly it places, each checked.
run mission info "$DEMO/game/MISSIONS/Single.01/data.tma"
run terrain info "$DEMO/game/DATA/MAPS/M01/Land.msh"
run unit info "$DEMO/game/UNITS/UNITS/warbot_01.dat"
run mission check "$DEMO"/game/MISSIONS/*/data.tma
run terrain check "$DEMO/game/DATA/MAPS/M01/Land.msh"
