// parkan view GAME_DIR [--base GAME_DIR] [--port N] [--no-open] (docs/cli.md): a local HTTP server on 127.0.0.1 only, for
// the page embedded in this binary and the read-only API of parkan::view::Service. Glue: requests are
// mapped to the service or to an embedded file; nothing here reads the game.
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>

#include <fmt/format.h>
#include <httplib.h>

#include "cli.hpp"
#include "parkan/core/console.hpp"
#include "parkan/view/service.hpp"
#include "parkan/core/utf8_path.hpp"
#include "view_assets.hpp"

namespace parkan::cli {

namespace {

// Requests are small GETs: anything slower than this is dropped (limits of the server, beside the
// service's own on query values).
constexpr time_t kReadTimeoutSeconds = 5;
constexpr time_t kWriteTimeoutSeconds = 30;
constexpr std::size_t kMaxRequestBody = 0;  // GET only: no body is accepted
// cpp-httplib gives each connection a worker for as long as it is open, so idle connections (a
// browser's spare sockets, or a client that connects and says nothing) must not hold workers long:
// a connection silent for a second is closed, and the pool is large enough that a page's requests find
// a worker while many idle ones wait out that second (docs/cli.md 7). The pool is bounded: more
// connections queue, they never spawn threads.
constexpr time_t kIdleTimeoutSeconds = 1;
constexpr std::size_t kKeepAliveRequests = 100;
constexpr std::size_t kWorkers = 64;
constexpr int kDefaultPort = 8151;

// Content types. Debian's cpp-httplib compresses with Brotli at its highest quality (2 s for three.js,
// 0.45 s for a retail /api/game) every "text/*" type and an exact "application/json" or
// "application/javascript" when the browser accepts it; on loopback that only costs time. So scripts
// and JSON carry a charset parameter, which that rule does not match; the page's HTML and CSS are a
// few KB.
constexpr std::string_view kJavaScript = "application/javascript; charset=utf-8";
constexpr std::string_view kJson = "application/json; charset=utf-8";

std::string_view content_type_of(std::string_view path) {
  auto ends = [&](std::string_view suffix) {
    return path.size() >= suffix.size() && path.substr(path.size() - suffix.size()) == suffix;
  };
  if (ends(".html")) return "text/html; charset=utf-8";
  if (ends(".js")) return kJavaScript;
  if (ends(".css")) return "text/css; charset=utf-8";
  if (ends(".svg")) return "image/svg+xml";
  if (ends(".png")) return "image/png";
  return "application/octet-stream";
}

// The URL path of a static file: "/" is the page.
std::string_view static_path(std::string_view path) {
  return path == "/" || path == "/index.html" ? std::string_view("/app/index.html") : path;
}

// A page file name: letters, digits, '_', '-', '.', no leading dot (so never a path).
bool is_plain_file_name(std::string_view name) {
  if (name.empty() || name.front() == '.') return false;
  for (char c : name)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.')) return false;
  return true;
}

// Developer mode (PARKAN_VIEW_ASSETS=apps/parkan/view): the page is read from that folder on every
// request, so that editing it needs a reload, not a rebuild.
std::optional<std::string> page_file_from(const char* folder, std::string_view name) {
  if (!is_plain_file_name(name)) return std::nullopt;
  std::ifstream in(path_from_utf8(folder) / path_from_utf8(name), std::ios::binary);
  if (!in) return std::nullopt;
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

std::optional<std::string> static_file(std::string_view path) {
  if (const char* folder = std::getenv("PARKAN_VIEW_ASSETS"); folder && *folder && path.starts_with("/app/"))
    return page_file_from(folder, path.substr(5));
  return embedded_view_file(path);
}

void send(httplib::Response& res, const view::Response& r) {
  res.status = r.status;
  res.set_header("Cache-Control", "no-store");
  res.set_header("X-Content-Type-Options", "nosniff");
  const std::string type = r.content_type == "application/json" ? std::string(kJson) : r.content_type;
  res.set_content(r.body, type.c_str());
}

// A second `parkan view` on a busy port must fail, not share it: httplib's default sets SO_REUSEPORT
// (the port is shared, connections split between the two); on POSIX SO_REUSEADDR alone still refuses
// a port with a listener, on Windows SO_REUSEADDR would let one be stolen, SO_EXCLUSIVEADDRUSE refuses.
void listen_socket_options(socket_t socket) {
  int yes = 1;
#ifdef _WIN32
  ::setsockopt(socket, SOL_SOCKET, SO_EXCLUSIVEADDRUSE, reinterpret_cast<const char*>(&yes), sizeof yes);
#else
  ::setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, reinterpret_cast<const char*>(&yes), sizeof yes);
#endif
}

struct ViewFlags {
  std::string game;
  std::string base;
  int port = kDefaultPort;
  bool no_open = false;
};

Result<int> run_view(const ViewFlags& flags) {
  PARKAN_ASSIGN(std::unique_ptr<view::Service> service, view::Service::open(path_from_utf8(flags.game), path_from_utf8(flags.base)));
  const validate::ValidationReport& report = service->report();
  httplib::Server server;
  server.new_task_queue = [] { return new httplib::ThreadPool(kWorkers); };
  server.set_keep_alive_timeout(kIdleTimeoutSeconds);
  server.set_keep_alive_max_count(kKeepAliveRequests);
  server.set_read_timeout(kReadTimeoutSeconds, 0);
  server.set_write_timeout(kWriteTimeoutSeconds, 0);
  server.set_payload_max_length(kMaxRequestBody);
  server.set_socket_options(listen_socket_options);
  server.Get(".*", [&service](const httplib::Request& req, httplib::Response& res) {
    if (req.path.starts_with("/api/")) {
      view::Query query;
      for (const auto& [name, value] : req.params) query.emplace(name, value);  // the first of a repeated name
      send(res, service->handle(req.path, query));
      return;
    }
    const std::string_view path = static_path(req.path);
    if (auto body = static_file(path)) {
      send(res, {200, std::string(content_type_of(path)), *std::move(body)});
      return;
    }
    send(res, {404, "application/json",
               nlohmann::json{{"error", {{"status", 404}, {"code", "view.not_found"}, {"message", "no such file"}}}}.dump()});
  });
  const char* host = "127.0.0.1";  // never another interface: the game's files are the user's
  int port = flags.port;
  if (port == 0) {
    port = server.bind_to_any_port(host);
  } else if (!server.bind_to_port(host, port)) {
    port = -1;
  }
  if (port < 0) return io_error(fmt::format("cannot listen on {}:{} (in use? try --port 0)", host, flags.port), flags.game);
  const std::string url = fmt::format("http://{}:{}/", host, port);
  fmt::print("parkan view: {} ({} files, {} resources, {})\n", url, report.files.size(), report.resources,
             counts_text(report.totals));
  fmt::print("press Ctrl-C to stop\n");
  std::fflush(stdout);
  if (!flags.no_open && !open_in_browser(url)) fmt::print(stderr, "parkan: could not open a browser; open {}\n", url);
  if (!server.listen_after_bind()) return io_error(fmt::format("the server on {} stopped", url), flags.game);
  return 0;
}

}  // namespace

std::optional<std::string> embedded_view_file(std::string_view url_path) {
  for (const EmbeddedFile& file : embedded_view_files()) {
    if (url_path != file.url_path) continue;
    std::string bytes;
    for (std::size_t i = 0; i < file.piece_count; ++i) bytes.append(file.pieces[i].data, file.pieces[i].size);
    return bytes;
  }
  return std::nullopt;
}

void add_view_commands(CLI::App& app) {
  auto flags = std::make_shared<ViewFlags>();
  CLI::App* command = add_command(app, "view",
                                  "a local viewer: serves the game to a browser on 127.0.0.1 only, prints its URL, "
                                  "read-only",
                                  [flags]() -> Result<int> { return run_view(*flags); });
  command->add_option("GAME_DIR", flags->game, "the game folder")->required();
  command->add_option("--base", flags->base,
                      "the installed game a mod in GAME_DIR modifies: the files the mod does not hold are read "
                      "from it");
  command->add_option("--port", flags->port, "the TCP port to serve on, on 127.0.0.1 (default 8151; 0: any free port, printed in the URL)")->check(CLI::Range(0, 65535));
  command->add_flag("--no-open", flags->no_open, "do not open a browser");
}

}  // namespace parkan::cli
