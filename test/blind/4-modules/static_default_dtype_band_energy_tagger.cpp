// scenario: an audio tagger's band-energy featurizer declares a static default dtype of float64 for its log energies, and the tagger module feeds those features to its float32 Linear
// tier: 4
// family: module-input-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: mat1 and mat2 must have the same dtype
#include <torch/torch.h>
#include <cmath>
#include <iostream>

class BandEnergyFeaturizer {
 public:
  // Log energies of quiet bands underflow in float32, so features default to float64.
  static inline torch::Dtype kDefaultDtype = torch::kFloat64;

  BandEnergyFeaturizer(int64_t frame, int64_t bands) : frame_(frame), bands_(bands) {}

  torch::Tensor operator()(const torch::Tensor& signal) const {
    torch::Tensor frames = signal.unfold(0, frame_, frame_).to(kDefaultDtype); // [n, frame]
    torch::Tensor per_band = frames.reshape({frames.size(0), bands_, frame_ / bands_});
    return per_band.pow(2).mean(-1).add(1e-10).log().mean(0, /*keepdim=*/true); // [1, bands]
  }

 private:
  int64_t frame_;
  int64_t bands_;
};

struct AudioTaggerImpl : torch::nn::Module {
  AudioTaggerImpl(int64_t bands, int64_t tags)
      : fc(register_module("fc", torch::nn::Linear(bands, 32))),
        out(register_module("out", torch::nn::Linear(32, tags))) {}

  torch::Tensor forward(const torch::Tensor& features) {
    torch::Tensor h = torch::relu(fc->forward(features)); // BUG
    return torch::sigmoid(out->forward(h));
  }

  torch::nn::Linear fc, out;
};
TORCH_MODULE(AudioTagger);

int main() {
  torch::manual_seed(89);
  const int64_t sample_rate = 800;
  torch::Tensor t = torch::arange(0, sample_rate, torch::kFloat) / static_cast<double>(sample_rate);
  torch::Tensor clip = torch::sin(2 * M_PI * 60.0 * t) + 0.05 * torch::randn({sample_rate});

  BandEnergyFeaturizer featurize(/*frame=*/80, /*bands=*/8);
  AudioTagger tagger(8, 3);
  tagger->eval();

  torch::NoGradGuard no_grad;
  torch::Tensor tags = tagger->forward(featurize(clip));
  std::cout << "tag probabilities " << tags << "\n";
  return 0;
}
