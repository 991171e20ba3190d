-- Switchboard from Neovim: spawn the daemon as a job, send JSON-RPC requests, and show every
-- output notification in a scratch buffer as it arrives.
--
-- Use it from init.lua (Neovim 0.7 or later):
--
--   vim.g.switchboard_binary = vim.fn.expand('~/src/switchboard/.build/release/switchboard')
--   dofile(vim.fn.expand('~/src/switchboard/examples/neovim/switchboard.lua'))
--
-- or try it from the repository's root:
--
--   nvim -u NONE -c 'luafile examples/neovim/switchboard.lua' -c SwitchboardSignup
--
-- Commands:
--   :SwitchboardSignup               start a daemon and play the signup scenario
--   :SwitchboardCall {method} [json] send one request, e.g. :SwitchboardCall signup.nameChanged ["Lisa"]
--   :SwitchboardStop                 close the daemon's stdin; it exits 0
--
-- The binary is g:switchboard_binary, else $SWITCHBOARD, else this repository's
-- .build/release or .build/debug build, else `switchboard` on PATH.
--
-- From Lua, the module (returned by dofile, and the global `SwitchboardSample`) offers
-- request(method, params, callback), call(method, params) (waits for the response), the
-- outputs received so far (`outputs`), the buffer's lines (`lines()`), start, stop and
-- `exit_code`. Tests/editors/test_neovim.lua drives it headless.

local M = {
  job = nil,         -- the job id while the daemon runs
  closing = false,   -- stdin was closed; the daemon is finishing
  buf = nil,         -- the scratch buffer outputs are written to
  next_id = 1,       -- ids of our requests
  pending = {},      -- id -> callback(result, error), for requests not yet answered
  partial = {},      -- stream -> an incomplete last line from its previous chunk
  outputs = {},      -- every output notification's params, in order of arrival
  exit_code = nil,   -- set when the daemon exits
}
SwitchboardSample = M

-- This file's folder, to find the repository's build.
local here = vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':p:h')

local function binary()
  if vim.g.switchboard_binary then return vim.g.switchboard_binary end
  if vim.env.SWITCHBOARD and vim.env.SWITCHBOARD ~= '' then return vim.env.SWITCHBOARD end
  for _, configuration in ipairs({ 'release', 'debug' }) do
    local candidate = vim.fn.simplify(here .. '/../../.build/' .. configuration .. '/switchboard')
    if vim.fn.executable(candidate) == 1 then return candidate end
  end
  return 'switchboard'
end

-- Appends lines to the scratch buffer, creating it (in a split) on first use.
local function show(...)
  if not (M.buf and vim.api.nvim_buf_is_valid(M.buf)) then
    M.buf = vim.api.nvim_create_buf(false, true)
    vim.api.nvim_buf_set_name(M.buf, 'switchboard://outputs')
    vim.cmd('botright split')
    vim.api.nvim_win_set_buf(0, M.buf)
  end
  local lines = {}
  for i, line in ipairs({ ... }) do lines[i] = (line:gsub('\n', '\\n')) end  -- one line each
  local last = vim.api.nvim_buf_line_count(M.buf)
  local first_is_empty = last == 1 and vim.api.nvim_buf_get_lines(M.buf, 0, 1, false)[1] == ''
  vim.api.nvim_buf_set_lines(M.buf, first_is_empty and 0 or last, -1, false, lines)
end

--- The scratch buffer's lines (for scripts and tests).
function M.lines()
  if not (M.buf and vim.api.nvim_buf_is_valid(M.buf)) then return {} end
  return vim.api.nvim_buf_get_lines(M.buf, 0, -1, false)
end

-- One complete line from the daemon: a response, an output notification, or a request to us.
local function handle_line(line)
  local ok, message = pcall(vim.json.decode, line)
  if not ok or type(message) ~= 'table' then
    show('?? ' .. line)
    return
  end
  if message.method == 'output' then
    local p = message.params
    table.insert(M.outputs, p)
    -- vim.json escapes '/' as '\/'; undo that for reading.
    local value = vim.json.encode(p.value):gsub('\\/', '/')
    show(string.format('#%d %s.%s = %s', p.seq, p.vm, p.output, value))
  elseif message.method and message.id ~= nil then
    -- A delegated service call: this sample serves none, so it says so (the view model gets
    -- the error as the service's failure). After stop, stdin is closed: the daemon fails the
    -- call itself.
    if not M.closing then
      M.send({ jsonrpc = '2.0', id = message.id,
               error = { code = -32601, message = 'the Neovim sample serves no ' .. message.method } })
    end
  elseif message.id ~= nil and message.id ~= vim.NIL and M.pending[message.id] then
    local callback = M.pending[message.id]
    M.pending[message.id] = nil
    callback(message.result, message.error)
  elseif message.error then
    show('error: ' .. message.error.message)
  end
end

-- A job callback's `data` is a list of lines split at "\n": its first item continues the
-- previous chunk's last line, and its last item is incomplete ("" when the chunk ended with
-- "\n"). Calls `each` with every complete line of `stream`.
local function lines_of(stream, data, each)
  data[1] = (M.partial[stream] or '') .. data[1]
  M.partial[stream] = table.remove(data)
  for _, line in ipairs(data) do
    if line ~= '' then each(line) end
  end
end

--- Starts the daemon (if it is not running). `args` are extra options, e.g. {'--clock', 'virtual'}.
function M.start(args)
  if M.job and M.closing then
    -- Stopped but not yet exited: let it finish before starting another.
    vim.wait(10000, function() return M.job == nil end, 10)
  end
  if M.job then return M.job end
  local command = vim.list_extend({ binary(), 'serve' }, args or {})
  if vim.fn.executable(command[1]) ~= 1 then
    error('switchboard: cannot run ' .. command[1] .. '; set g:switchboard_binary or $SWITCHBOARD', 2)
  end
  M.partial, M.pending, M.next_id, M.outputs = {}, {}, 1, {}
  M.exit_code, M.closing = nil, false
  M.job = vim.fn.jobstart(command, {
    on_stdout = function(_, data, _) lines_of('stdout', data, handle_line) end,
    on_stderr = function(_, data, _)
      lines_of('stderr', data, function(line) show('stderr: ' .. line) end)
    end,
    on_exit = function(_, code, _)
      if (M.partial.stdout or '') ~= '' then handle_line(M.partial.stdout) end
      if (M.partial.stderr or '') ~= '' then show('stderr: ' .. M.partial.stderr) end
      local unanswered = M.pending
      M.partial, M.pending, M.job, M.closing, M.exit_code = {}, {}, nil, false, code
      show('-- switchboard exited with status ' .. code)
      for _, callback in pairs(unanswered) do
        callback(nil, { code = -1, message = 'switchboard exited before answering' })
      end
    end,
  })
  if M.job <= 0 then
    M.job = nil
    error('could not start ' .. table.concat(command, ' '))
  end
  show('-- started ' .. table.concat(command, ' '))
  return M.job
end

--- Writes one message as one line.
function M.send(message)
  vim.fn.chansend(M.job, vim.json.encode(message) .. '\n')
end

--- Sends a request; `callback(result, error)` runs when its response arrives. Outputs it
--- causes are shown before that. JSON null is vim.NIL (in params too: {vim.NIL}, not {nil}).
function M.request(method, params, callback)
  M.start()
  local id = M.next_id
  M.next_id = id + 1
  M.pending[id] = callback or function(_, err)
    if err then show(string.format('error %d: %s', err.code, err.message)) end
  end
  M.send({ jsonrpc = '2.0', id = id, method = method, params = params })
  return id
end

--- Sends a request and waits for its response (processing events meanwhile): returns the
--- result, or raises the error object ({code, message, data}).
function M.call(method, params, timeout_ms)
  local done, result, err = false, nil, nil
  M.request(method, params, function(r, e) done, result, err = true, r, e end)
  if not vim.wait(timeout_ms or 10000, function() return done end, 5) then
    error(method .. ': no response', 2)
  end
  if err then error(err, 2) end
  return result
end

--- Closes the daemon's stdin: it finishes what it read and exits 0.
function M.stop()
  if M.job and not M.closing then
    M.closing = true
    vim.fn.chanclose(M.job, 'stdin')
  end
end

--- The signup scenario: fill the form, submit, then stop the daemon.
function M.signup()
  M.start()
  show('-- signup: fill the form and submit')
  M.request('signup.viewDidLoad')
  M.request('signup.nameChanged', { 'Lisa' })
  M.request('signup.emailChanged', { email = 'lisa@rules.com' })
  M.request('signup.passwordChanged', { 'password123' })
  M.request('signup.submitButtonPressed', nil, function(_, err)
    show(err and ('-- submit failed: ' .. err.message) or '-- submitted')
    M.stop()
  end)
end

vim.api.nvim_create_user_command('SwitchboardSignup', M.signup, {})
vim.api.nvim_create_user_command('SwitchboardStop', M.stop, {})
vim.api.nvim_create_user_command('SwitchboardCall', function(opts)
  local method, params = opts.args:match('^(%S+)%s*(.*)$')
  M.request(method, params ~= '' and vim.json.decode(params) or nil)
end, { nargs = '+' })

return M
