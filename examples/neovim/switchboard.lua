-- Switchboard from Neovim: spawn the daemon as a job, send JSON-RPC requests, and show every
-- output notification in a scratch buffer as it arrives.
--
-- Load it and play the signup screen (from the repository root, after `swift build`):
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
-- Works with Neovim 0.7 and later (vim.fn.jobstart, vim.json). The state is in the global
-- table `SwitchboardSample`, so scripts can wait for it:
--   nvim --headless -u NONE -c 'luafile examples/neovim/switchboard.lua' -c SwitchboardSignup \
--     -c 'lua vim.wait(10000, function() return SwitchboardSample.exit_code ~= nil end)' \
--     -c 'lua io.stdout:write(table.concat(SwitchboardSample.lines(), "\n") .. "\n")' -c 'qa!'

local M = {
  job = nil,         -- the job id while the daemon runs
  buf = nil,         -- the scratch buffer outputs are written to
  next_id = 1,       -- ids of our requests
  pending = {},      -- id -> callback(result, error), for requests not yet answered
  partial = '',      -- an incomplete last line from the previous stdout chunk
  exit_code = nil,   -- set when the daemon exits
}
SwitchboardSample = M

-- This file's folder, to find the repository's build.
local here = vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':p:h')

local function binary()
  if vim.g.switchboard_binary then return vim.g.switchboard_binary end
  if vim.env.SWITCHBOARD and vim.env.SWITCHBOARD ~= '' then return vim.env.SWITCHBOARD end
  for _, configuration in ipairs({ 'release', 'debug' }) do
    local candidate = here .. '/../../.build/' .. configuration .. '/switchboard'
    if vim.fn.executable(candidate) == 1 then return vim.fn.fnamemodify(candidate, ':p') end
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
    vim.api.nvim_buf_set_lines(M.buf, 0, -1, false, {})
  end
  local last = vim.api.nvim_buf_line_count(M.buf)
  local first_is_empty = last == 1 and vim.api.nvim_buf_get_lines(M.buf, 0, 1, false)[1] == ''
  vim.api.nvim_buf_set_lines(M.buf, first_is_empty and 0 or last, -1, false, { ... })
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
    -- vim.json escapes '/' as '\/'; undo that for reading.
    local value = vim.json.encode(p.value):gsub('\\/', '/')
    show(string.format('#%d %s.%s = %s', p.seq, p.vm, p.output, value))
  elseif message.method and message.id ~= nil then
    -- A delegated service call: this sample serves none, so it says so (the view model gets
    -- the error as the service's failure).
    M.send({ jsonrpc = '2.0', id = message.id,
             error = { code = -32601, message = 'the Neovim sample serves no ' .. message.method } })
  elseif message.id ~= nil and message.id ~= vim.NIL and M.pending[message.id] then
    local callback = M.pending[message.id]
    M.pending[message.id] = nil
    callback(message.result, message.error)
  elseif message.error then
    show('error: ' .. message.error.message)
  end
end

-- Job stdout: `data` is a list of lines split at "\n"; its first item continues the previous
-- chunk's last line, and its last item is incomplete ("" when the chunk ended with "\n").
local function on_stdout(_, data, _)
  data[1] = M.partial .. data[1]
  M.partial = table.remove(data)
  for _, line in ipairs(data) do
    if line ~= '' then handle_line(line) end
  end
end

--- Starts the daemon (if it is not running). `args` are extra options, e.g. {'--clock', 'virtual'}.
function M.start(args)
  if M.job then return M.job end
  local command = vim.list_extend({ binary(), 'serve' }, args or {})
  M.partial, M.pending, M.next_id, M.exit_code = '', {}, 1, nil
  M.job = vim.fn.jobstart(command, {
    stdout_buffered = false,
    on_stdout = on_stdout,
    on_stderr = function(_, data, _)
      for _, line in ipairs(data) do
        if line ~= '' then show('stderr: ' .. line) end
      end
    end,
    on_exit = function(_, code, _)
      if M.partial ~= '' then handle_line(M.partial) end
      M.partial, M.job, M.exit_code = '', nil, code
      show('-- switchboard exited with status ' .. code)
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
--- causes are shown before that.
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

--- Closes the daemon's stdin: it finishes what it read and exits 0.
function M.stop()
  if M.job then vim.fn.chanclose(M.job, 'stdin') end
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
