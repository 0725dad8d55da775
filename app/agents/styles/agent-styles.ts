// The agent pages' stylesheets, in cascade order. The endpoint and dataset pages import them too:
// they reuse the small helpers (checkboxes, hints, good and bad text).
import './tools.css';
import './prompt-editor.css';
import './versions.css';
import './preview.css';
import './inputs.css';
