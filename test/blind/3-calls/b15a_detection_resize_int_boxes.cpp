// scenario: a detection augmentation template rescales the (image, boxes, labels) tuple of each sample, boxes parsed from annotations as int64 pixel corners
// tier: 3
// family: inplace-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: result type Float can't be cast to the desired output type Long
#include <torch/torch.h>
#include <iostream>
#include <tuple>
#include <vector>

using DetSample = std::tuple<torch::Tensor, torch::Tensor, torch::Tensor>;  // image, boxes, labels

// annotation rows: x1 y1 x2 y2 class, as integers from a COCO-style file
DetSample load_sample(int64_t h, int64_t w, const std::vector<std::vector<int64_t>>& rows) {
  auto image = torch::rand({3, h, w});
  auto boxes = torch::empty({static_cast<int64_t>(rows.size()), 4}, torch::kLong);
  auto labels = torch::empty({static_cast<int64_t>(rows.size())}, torch::kLong);
  for (size_t i = 0; i < rows.size(); ++i) {
    for (int j = 0; j < 4; ++j) boxes[i][j] = rows[i][j];
    labels[i] = rows[i][4];
  }
  return {image, boxes, labels};
}

template <typename Sample>
void resize_sample(Sample& sample, double scale) {
  auto& image = std::get<0>(sample);
  auto& boxes = std::get<1>(sample);
  const auto h = static_cast<int64_t>(image.size(1) * scale);
  const auto w = static_cast<int64_t>(image.size(2) * scale);
  image = torch::nn::functional::interpolate(
              image.unsqueeze(0),
              torch::nn::functional::InterpolateFuncOptions().size(std::vector<int64_t>{h, w})
                  .mode(torch::kBilinear).align_corners(false))
              .squeeze(0);
  boxes.mul_(scale); // BUG
}

int main() {
  torch::manual_seed(17);
  std::vector<DetSample> dataset;
  dataset.push_back(load_sample(120, 160, {{10, 20, 60, 90, 1}, {70, 15, 150, 110, 3}}));
  dataset.push_back(load_sample(96, 128, {{0, 0, 40, 40, 2}}));

  const double target_scale = 0.75;
  for (auto& sample : dataset) resize_sample(sample, target_scale);

  for (const auto& [image, boxes, labels] : dataset) {
    std::cout << "image " << image.sizes() << " boxes\n" << boxes << "\nlabels " << labels << "\n";
  }
  return 0;
}
