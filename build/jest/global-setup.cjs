/** Before any test file: the texts split by locale, which the tables load (`texts/split.cjs`). */
const { splitTexts } = require('../../texts/split.cjs');

module.exports = async function globalSetup() {
  splitTexts();
};
