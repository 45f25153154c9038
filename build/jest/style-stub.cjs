// Stylesheets have no behaviour to test; imports of .css resolve to nothing.
module.exports = {};
