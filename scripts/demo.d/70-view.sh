# The viewer: `parkan view` serves the game to a browser on 127.0.0.1. Here it is started
# for a moment and asked, over plain HTTP (bash's /dev/tcp), what a page asks first; run it yourself
# to browse the textures, materials and models.
view_log="$DEMO/view.log"
echo "\$ parkan view $DEMO/game --port 0 --no-open   (stopped after two requests)"
"$PARKAN" view "$DEMO/game" --port 0 --no-open >"$view_log" 2>&1 &
view_pid=$!
for _ in $(seq 100); do grep -q "press Ctrl-C" "$view_log" && break; sleep 0.05; done
head -1 "$view_log"
view_port=$(sed -n 's|.*http://127\.0\.0\.1:\([0-9]*\)/.*|\1|p' "$view_log" | head -1)
view_get() {  # prints the status line and the response's length of GET $1
  exec 3<>"/dev/tcp/127.0.0.1/$view_port"
  printf 'GET %s HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n' "$1" >&3
  cat <&3 >"$DEMO/view.response"
  exec 3<&-
  echo "  GET $1 -> $(head -1 "$DEMO/view.response" | tr -d '\r'), $(wc -c <"$DEMO/view.response") bytes"
}
view_get "/api/game"
view_get "/api/model.glb?file=animated.rlb&entry=0"
kill "$view_pid" 2>/dev/null; wait "$view_pid" 2>/dev/null || true
rm -f "$DEMO/view.response"
echo "browse it: $PARKAN view $DEMO/game"
echo
