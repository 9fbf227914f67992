#pragma once
// The diagnostic codes of RIFF WAVE sounds (docs/formats/sound.md; docs/codes.md lists each with its
// severity and meaning): emit these constants, never the string.

namespace parkan::sound::codes {

inline constexpr const char* kEmpty = "sound.empty";                  // note: a zero-byte entry (retail ALIEN_ME.WAV)
inline constexpr const char* kRiffHeader = "sound.riff.header";       // error: no "RIFF" size "WAVE" header
inline constexpr const char* kRiffSize = "sound.riff.size";           // error: the RIFF size + 8 is not the file size
inline constexpr const char* kChunkSize = "sound.chunk.size";         // error: a chunk runs past the end of the file
inline constexpr const char* kFmtMissing = "sound.fmt.missing";       // error: no fmt chunk
inline constexpr const char* kFmtDuplicate = "sound.fmt.duplicate";   // error: a second fmt chunk
inline constexpr const char* kFmtSize = "sound.fmt.size";             // error: fmt shorter than its format needs
inline constexpr const char* kDataMissing = "sound.data.missing";     // error: no data chunk
inline constexpr const char* kDataDuplicate = "sound.data.duplicate"; // error: a second data chunk
inline constexpr const char* kChannels = "sound.fmt.channels";        // error: 0 channels; warning: more than 2
inline constexpr const char* kBits = "sound.fmt.bits";                // error: bits the format cannot have
inline constexpr const char* kBlockAlign = "sound.fmt.block_align";   // error: block align disagrees with the format
inline constexpr const char* kByteRate = "sound.fmt.byte_rate";       // warning: byte rate disagrees with rate and blocks
inline constexpr const char* kRate = "sound.fmt.rate";                // warning: not 22,050 Hz (what the game's files use)
inline constexpr const char* kFormatTag = "sound.fmt.tag";            // warning: a tag other than PCM (1) and MS ADPCM (2)
inline constexpr const char* kCoefficients = "sound.adpcm.coefficients";  // error: an MS ADPCM table of no pairs
inline constexpr const char* kPredictor = "sound.adpcm.predictor";    // error: a block's predictor past the table
inline constexpr const char* kDataBlocks = "sound.data.blocks";       // warning: data not a whole number of blocks
inline constexpr const char* kEncode = "sound.encode";                // error (writing): samples the encoder refuses

}  // namespace parkan::sound::codes
