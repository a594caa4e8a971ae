// The board editor's front end, the same for every game (explorer/editor.py decides everything).
// Boards mark what may be edited: `data-piece` on a component, `data-place` on where one may go.
// Click a palette button or a piece on the board to pick it, then click a place to put it there;
// "Remove" takes the picked piece off. Each click sends one intent; Python sends back the board and
// the problems. Nothing here knows any game.

function makeEditor(board, send) {
  let picked = null;  // {piece, from} or null
  const palette = h("div", { class: "rx-edit-palette" });
  const problems = h("ul", { class: "rx-edit-problems", "aria-live": "polite" });
  const turn = h("select", { class: "rx-edit-turn", title: "whose turn it is",
    onchange: () => send({ type: "edit_op", op: { op: "turn", seat: Number(turn.value) } }) });
  const status = h("span", { class: "rx-edit-status" });
  const undo = h("button", { class: "rx-btn rx-edit-undo", text: "Undo", title: "take back the last edit",
    onclick: () => send({ type: "edit_undo" }) });
  const redo = h("button", { class: "rx-btn rx-edit-redo", text: "Redo", title: "make the edit taken back again",
    onclick: () => send({ type: "edit_redo" }) });
  // edits since the position was last valid: the board shows the last valid position, so each is listed here
  // and can be taken back alone (the others stay)
  const pending = h("ul", { class: "rx-edit-pending", "aria-label": "edits not valid yet" });
  const remove = h("button", { class: "rx-btn rx-edit-remove", text: "Remove", title: "take the picked piece off",
    onclick: () => { if (picked?.from) send({ type: "edit_op", op: { op: "remove", piece: picked.piece, from: picked.from } }); pick(null); } });
  const bar = h("div", { class: "rx-edit", hidden: true },
    h("div", { class: "rx-edit-head" },
      h("span", { class: "rx-panel-title", text: "Edit the position" }), status,
      h("label", {}, " to act: ", turn), remove,
      undo, redo,
      h("button", { class: "rx-btn rx-edit-done", text: "Done", title: "start a new line from this position",
        onclick: () => send({ type: "edit_done" }) }),
      h("button", { class: "rx-btn rx-edit-cancel", text: "Cancel", title: "leave the position as it was",
        onclick: () => send({ type: "edit_cancel" }) })),
    palette, problems, pending);

  function mark() {  // show what is picked, on the board and in the palette
    for (const e of board.querySelectorAll(".rx-picked")) e.classList.remove("rx-picked");
    for (const e of palette.querySelectorAll(".rx-picked")) e.classList.remove("rx-picked");
    remove.disabled = !picked?.from;
    status.textContent = picked ? ` picked: ${picked.label || picked.piece}; now click a place` : " pick a piece, then a place";
    if (!picked) return;
    const scope = picked.from ? board : palette;
    for (const e of scope.querySelectorAll("[data-piece]")) if (e.dataset.piece === picked.piece) e.classList.add("rx-picked");
  }
  function pick(p) { picked = p; mark(); }

  board.addEventListener("click", (e) => {
    if (bar.hidden) return;
    const place = e.target.closest("[data-place]");
    const piece = e.target.closest("[data-piece]");
    if (picked && place && !(piece && picked.from && piece.dataset.piece === picked.piece)) {
      const op = { op: "put", piece: picked.piece, to: place.dataset.place };
      if (picked.from) op.from = picked.from;
      send({ type: "edit_op", op });
      pick(null);
    } else if (piece) {
      const from = piece.closest("[data-place]")?.dataset.place || piece.dataset.from || null;
      pick({ piece: piece.dataset.piece, from, label: piece.getAttribute("aria-label") || piece.dataset.piece });
    }
    e.stopPropagation();
  }, true);

  function update(edit) {
    bar.hidden = !edit || !edit.palette;
    board.classList.toggle("rx-editing", !bar.hidden);
    if (bar.hidden) { picked = null; return; }
    bar.dataset.edits = edit.edits;  // tests wait on this
    patch(palette, edit.palette, () => edit.palette.map((p) => h("button", {
      class: "rx-btn rx-edit-piece", "data-piece": p.piece, text: p.label, title: p.group || "",
      onclick: () => pick({ piece: p.piece, from: null, label: p.label }) })));
    patch(problems, edit.problems, () => edit.problems.map((t) => h("li", { text: t })));
    patch(pending, edit.pending, () => (edit.pending || []).length ? [
      h("li", { class: "rx-edit-pending-head", text: "not on the board until the position is valid:" }),
      ...edit.pending.map((t, i) => h("li", { class: "rx-edit-pending-item" }, t, " ",
        h("button", { class: "rx-btn rx-edit-drop", "data-index": i, text: "×", title: `take back: ${t}`,
          "aria-label": `take back: ${t}`, onclick: () => send({ type: "edit_drop", index: i }) })))] : []);
    undo.disabled = !edit.can_undo;
    redo.disabled = !edit.can_redo;
    const names = edit.seat_names || [];
    patch(turn, [names, edit.to_move], () => names.map((n, i) => h("option", { value: i, text: n, selected: i === edit.to_move })));
    mark();
  }
  return { bar, update };
}
