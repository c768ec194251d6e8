// scenario: a regression script reads its features from a CSV-like buffer of doubles by default (or generates synthetic float data) and feeds them to a float32 Linear layer
// tier: 2
// family: module-input-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: mat1 and mat2 must have the same dtype
#include <torch/torch.h>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

std::vector<double> parse_csv(const std::string &text) {
  std::vector<double> values;
  std::stringstream ss(text);
  std::string cell;
  while (std::getline(ss, cell, ',')) values.push_back(std::stod(cell));
  return values;
}

int main(int argc, char **argv) {
  torch::manual_seed(0);
  const std::string source = argc > 1 ? argv[1] : "csv";
  const int64_t rows = 4, cols = 3;

  torch::Tensor features;
  if (source == "csv") {
    auto values = parse_csv("0.5,1.2,3.3,0.1,0.4,2.2,1.9,0.7,0.3,2.5,1.1,0.6");
    features = torch::from_blob(values.data(), {rows, cols}, torch::kDouble).clone();
  } else {
    features = torch::randn({rows, cols});
  }

  torch::nn::Linear regressor(cols, 1);
  auto prediction = regressor(features); // BUG
  std::cout << "predictions: " << prediction.squeeze(1) << "\n";
  return 0;
}
