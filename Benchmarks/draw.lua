-- wrk script: draws one card per request, spreading requests over many pre-made 20-deck shoes
-- (ids in the file named by DECK_IDS) so that no shoe runs dry during a run.
--
-- A line may carry a player's token after the id ("<id> <token>"): the draw is then sent as that
-- player (Authorization: Bearer), as a seated deck (a live table) requires.
--
-- Each thread walks the list from its own offset: 97 apart for the threads of one wrk process,
-- plus DECK_OFFSET (default 0) for the process, so that two wrk processes driving two servers
-- walk different parts of the list instead of sending the same draws to both servers at once.
-- The requests are formatted once, in init, so that wrk spends as little time per request as it
-- does for a fixed URL.
local counter = 0

function setup(thread)
  thread:set("id", counter)
  counter = counter + 1
end

function init(args)
  requests = {}
  for line in io.lines(os.getenv("DECK_IDS")) do
    local deck, token = line:match("^(%S+)%s*(%S*)")
    local headers = nil
    if token ~= nil and token ~= "" then
      headers = { ["Authorization"] = "Bearer " .. token }
    end
    requests[#requests + 1] = wrk.format("GET", "/api/deck/" .. deck .. "/draw/?count=1", headers)
  end
  next_index = (tonumber(os.getenv("DECK_OFFSET") or "0") or 0) + id * 97
end

function request()
  next_index = next_index + 1
  return requests[(next_index % #requests) + 1]
end
