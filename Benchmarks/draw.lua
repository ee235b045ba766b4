-- wrk script: draws one card per request, spreading requests over many pre-made 20-deck shoes
-- (ids in the file named by DECK_IDS) so that no shoe runs dry during a run.
local ids = {}
local counter = 0

function setup(thread)
  thread:set("id", counter)
  counter = counter + 1
end

function init(args)
  for line in io.lines(os.getenv("DECK_IDS")) do ids[#ids + 1] = line end
  next_index = id * 97
end

function request()
  next_index = next_index + 1
  local deck = ids[(next_index % #ids) + 1]
  return wrk.format("GET", "/api/deck/" .. deck .. "/draw/?count=1")
end
