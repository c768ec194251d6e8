// scenario: CTC loss of a small acoustic model on int16 PCM: int32 transcripts and lengths from the data loader, uint8 frame labels for an auxiliary loss
// tier: 3
// family: loss-target-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <cmath>
#include <cstdint>
#include <iostream>
#include <tuple>
#include <vector>

namespace F = torch::nn::functional;

namespace {

std::vector<int16_t> synth_pcm(int64_t samples) {
  std::vector<int16_t> pcm(samples);
  for (int64_t i = 0; i < samples; ++i)
    pcm[i] = static_cast<int16_t>(8000.0 * std::sin(0.07 * i) * std::cos(0.001 * i));
  return pcm;
}

// Log-magnitude spectrum of each frame of the int16 samples.
torch::Tensor frame_features(std::vector<int16_t> &pcm, int64_t frame, int64_t num_frames) {
  torch::Tensor wave = torch::from_blob(pcm.data(), {num_frames, frame}, torch::kShort);
  torch::Tensor spec = torch::fft::rfft(wave, c10::nullopt, 1).abs();
  torch::Tensor logmag = torch::log1p(spec.narrow(1, 0, 8)).to(torch::kFloat);
  // Append first-order deltas over frequency (zero-padded to keep 8 bins).
  torch::Tensor delta = torch::diff(logmag, 1, 1, torch::zeros({num_frames, 1}));
  return torch::cat({logmag, delta}, 1);
}

// Transcripts, input lengths and target lengths as the loader returns them.
std::tuple<torch::Tensor, torch::Tensor, torch::Tensor> load_transcripts(int64_t frames) {
  torch::Tensor targets = torch::tensor({{3, 1, 4, 1, 5}, {2, 6, 5, 0, 0}}, torch::kInt);
  torch::Tensor input_lengths = torch::tensor({frames, frames - 4}, torch::kLong);
  torch::Tensor target_lengths = torch::tensor({5, 3}, torch::kInt);
  return {targets, input_lengths, target_lengths};
}

torch::Tensor frame_labels(int64_t batch, int64_t frames) {
  // Voice-activity labels per frame (0 silence, 1 speech), stored as bytes.
  return (torch::arange(batch * frames).view({batch, frames}) % 7 > 1).to(torch::kUInt8);
}

} // namespace

int main() {
  torch::manual_seed(8);
  const int64_t frame = 64, frames = 30, batch = 2, classes = 7;
  std::vector<int16_t> pcm = synth_pcm(batch * frames * frame);
  torch::Tensor feats = frame_features(pcm, frame, batch * frames).view({batch, frames, 16});

  torch::nn::Linear acoustic(16, classes);
  torch::nn::Linear vad_head(16, 2);
  torch::Tensor logits = acoustic->forward(feats);                 // [B, T, C]
  torch::Tensor log_probs = logits.log_softmax(2).transpose(0, 1); // [T, B, C]

  auto [targets, input_lengths, target_lengths] = load_transcripts(frames);
  torch::Tensor ctc = F::ctc_loss(log_probs, targets, input_lengths, target_lengths,
                                  F::CTCLossFuncOptions().blank(0).zero_infinity(true));

  torch::Tensor vad_logp = vad_head->forward(feats).log_softmax(2).view({batch * frames, 2});
  torch::Tensor vad = F::nll_loss(vad_logp, frame_labels(batch, frames).view({-1}));

  torch::Tensor loss = ctc + 0.1 * vad;
  loss.backward();
  std::cout << "ctc " << ctc.item<float>() << " vad " << vad.item<float>() << " grad "
            << acoustic->weight.grad().norm().item<float>() << "\n";
  return 0;
}
