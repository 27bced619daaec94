-- vtbound's language server for Go buffers, beside gopls.
-- Works with Neovim 0.7 and later: put it in your init.lua, or source it.
vim.api.nvim_create_autocmd("FileType", {
  pattern = "go",
  callback = function(args)
    local root = vim.fn.getcwd()
    local gomod = vim.fn.findfile("go.mod", vim.fn.fnamemodify(vim.api.nvim_buf_get_name(args.buf), ":p:h") .. ";")
    if gomod ~= "" then
      root = vim.fn.fnamemodify(gomod, ":p:h")
    end
    local id = vim.lsp.start_client({ name = "vtbound", cmd = { "vtbound", "lsp" }, root_dir = root })
    if id then
      vim.lsp.buf_attach_client(args.buf, id)
    end
  end,
})
